/**
 * Typo correction from a vocabulary of the catalog's own words (issue 32), instead of trigram
 * scans over every product: a typed word that no catalog word starts with is looked up among the
 * catalog's words within its typo budget (5+ letters one edit, 9+ two; adjacent letters swapped
 * count as one), and the search then asks the full-text index for the word or its corrections.
 *
 * The vocabulary is the catalog's full-text lexemes (catalog_search.document: labels, brands,
 * models, descriptions; stemmed as the index holds them) without those holding digits, so SKUs and
 * part numbers never get typo tolerance. It is loaded once per catalog and search version and kept
 * per process (the version moves with every change of the catalog's products, decision 008), so
 * every process corrects against the catalog as it is now.
 */
import type { Database } from '../../db/client.js';
import { perDatabase } from '../../db/read-cache.js';
import { vocabularyWords } from './search-repository.js';

/** Edits a typed word may be away from a catalog word (issue 32: 5+ letters one, 9+ two). */
export function typoBudget(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * The optimal-string-alignment distance of `a` and `b` (insert, delete, replace, swap of adjacent
 * letters), or `max + 1` as soon as it is known to exceed `max`.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** At most this many corrections per word: the closest, then the most frequent. */
const MAX_CORRECTIONS = 4;

export class Vocabulary {
  private readonly sorted: string[];
  private readonly byLength = new Map<number, { word: string; documents: number }[]>();

  /** `words`: each lexeme with the number of documents holding it. */
  constructor(words: { word: string; documents: number }[]) {
    this.sorted = words.map((w) => w.word).sort();
    for (const entry of words) {
      const bucket = this.byLength.get(entry.word.length) ?? [];
      bucket.push(entry);
      this.byLength.set(entry.word.length, bucket);
    }
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Whether some catalog word starts with `prefix` (the word itself included): no correction needed. */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low < this.sorted.length && this.sorted[low]!.startsWith(prefix);
  }

  /**
   * Catalog words within the typed word's typo budget, closest first, then the most frequent; none
   * when the word is known (some catalog word starts with it) or too short to correct.
   */
  corrections(typed: string): string[] {
    const word = typed.toLowerCase();
    const budget = typoBudget(word);
    if (budget === 0 || this.hasPrefix(word)) return [];
    const found: { word: string; distance: number; documents: number }[] = [];
    for (let length = word.length - budget; length <= word.length + budget; length++) {
      for (const entry of this.byLength.get(length) ?? []) {
        const distance = editDistanceWithin(word, entry.word, budget);
        if (distance <= budget) found.push({ ...entry, distance });
      }
    }
    found.sort((x, y) => x.distance - y.distance || y.documents - x.documents || (x.word < y.word ? -1 : 1));
    return found.slice(0, MAX_CORRECTIONS).map((entry) => entry.word);
  }
}

/** The catalog's lexemes without digits (SKUs and part numbers get no typo tolerance), with their document counts. */
async function loadVocabulary(db: Database, catalogId: string): Promise<Vocabulary> {
  return new Vocabulary(await vocabularyWords(db, catalogId));
}

/** A catalog's vocabulary as loaded for `version`, and the load for a newer version while it runs. */
type Kept = { version: number; vocabulary: Promise<Vocabulary>; loading?: { version: number; vocabulary: Promise<Vocabulary> } };

const vocabulariesOf = perDatabase(() => new Map<string, Kept>());

/**
 * The catalog's vocabulary for `searchVersion`, loaded once per version and process and shared by
 * concurrent callers. Loading reads every document of the catalog (ts_stat: 2 s on the M set), and
 * the version also moves when only popularity or a few labels changed, so once a catalog has a
 * vocabulary, a newer version is loaded in the background while searches go on correcting against
 * the one they have: a typo list one change behind is harmless, a search waiting 2 s is not.
 */
export function catalogVocabulary(db: Database, catalogId: string, searchVersion: number): Promise<Vocabulary> {
  const kept = vocabulariesOf(db);
  const current = kept.get(catalogId);
  if (current && current.version >= searchVersion) return current.vocabulary;
  if (!current) {
    const vocabulary = loadVocabulary(db, catalogId);
    kept.set(catalogId, { version: searchVersion, vocabulary });
    // A failed first load is not kept: the next search tries again.
    vocabulary.catch(() => {
      if (kept.get(catalogId)?.vocabulary === vocabulary) kept.delete(catalogId);
    });
    return vocabulary;
  }
  if (!current.loading || current.loading.version < searchVersion) {
    const loading = { version: searchVersion, vocabulary: loadVocabulary(db, catalogId) };
    current.loading = loading;
    loading.vocabulary.then(
      () => {
        const now = kept.get(catalogId);
        if (now?.loading === loading) kept.set(catalogId, { version: loading.version, vocabulary: loading.vocabulary });
      },
      () => {
        // A failed reload keeps the vocabulary in use; the next search asks again.
        const now = kept.get(catalogId);
        if (now?.loading === loading) delete now.loading;
      },
    );
  }
  return current.vocabulary;
}
