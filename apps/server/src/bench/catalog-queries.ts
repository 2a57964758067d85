/**
 * The catalog bench's queries (issue 32): every search drawn fresh from the catalog's own data, as
 * dealers type them, and never sent twice in a run, so no results cache can answer one. Pure (a
 * seeded random source, no I/O), so the typo maker, the SKU shapes and the never-repeat rule are
 * unit tested (catalog-queries.test.ts).
 */

/** A random source in [0, 1); seeded, so a run can be replayed. */
export type Random = () => number;

/** mulberry32: small, fast and good enough to draw bench queries. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** Keywords already sent: a query is new only if its normalized text was never claimed in this run. */
export class NeverRepeat {
  private readonly seen = new Set<string>();

  /** The same text in another case or spacing is the same query to the search. */
  static normalize(text: string): string {
    return text.trim().replace(/\s+/g, ' ').toLowerCase();
  }

  /** Claims `text`; false when it was sent before. */
  claim(text: string): boolean {
    const key = NeverRepeat.normalize(text);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /** Throws if `text` was already claimed: the bench must never resend keywords. */
  assertNew(text: string): void {
    if (!this.claim(text)) throw new Error(`the bench sent the keywords "${text}" twice`);
  }

  get size(): number {
    return this.seen.size;
  }
}

/**
 * Draws from `generate` until it gives a text never sent before, and claims it; undefined after
 * `attempts` repeats in a row (the data holds no more new queries of this shape).
 */
export function freshText(seen: NeverRepeat, generate: () => string | undefined, attempts = 200): string | undefined {
  for (let i = 0; i < attempts; i++) {
    const text = generate();
    if (text !== undefined && seen.claim(text)) return text;
  }
  return undefined;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export type TypoEdit = 'replace' | 'insert' | 'delete' | 'swap';
export const TYPO_EDITS: readonly TypoEdit[] = ['replace', 'insert', 'delete', 'swap'];

/** `word` with exactly one edit of kind `edit` at a random place; always different from `word`. */
export function oneEdit(word: string, edit: TypoEdit, random: Random): string {
  const at = randomInt(random, 0, word.length - 1);
  const otherLetter = (not: string | undefined) => {
    const choices = LETTERS.replace(not ?? '', '');
    return pick(random, choices.split(''));
  };
  switch (edit) {
    case 'replace':
      return word.slice(0, at) + otherLetter(word[at]) + word.slice(at + 1);
    case 'insert': {
      // A letter other than its neighbour before, so the word really grows by a new letter.
      const place = randomInt(random, 0, word.length);
      return word.slice(0, place) + otherLetter(word[place - 1]) + word.slice(place);
    }
    case 'delete':
      return word.slice(0, at) + word.slice(at + 1);
    case 'swap': {
      // Two neighbouring letters that differ, or the swap would change nothing.
      const places = [...word.slice(0, -1)].map((_, i) => i).filter((i) => word[i] !== word[i + 1]);
      if (places.length === 0) return oneEdit(word, 'replace', random);
      const i = pick(random, places);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** Sorted words, to tell whether some word starts with a text. */
export class WordIndex {
  private readonly sorted: string[];

  constructor(words: Iterable<string>) {
    this.sorted = [...new Set(words)].sort();
  }

  startsAny(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low < this.sorted.length && this.sorted[low]!.startsWith(prefix);
  }
}

/**
 * A misspelling of a catalog word of 5+ letters: one replace, insert, delete or swap, still 5+
 * letters long (the search corrects 5+ letter words), and no catalog word starts with it (else it
 * is no typo to the search: it would be a prefix as typed). Undefined when this word gave none.
 */
export function typoOf(word: string, known: WordIndex, random: Random, attempts = 20): string | undefined {
  for (let i = 0; i < attempts; i++) {
    const typo = oneEdit(word, pick(random, TYPO_EDITS), random);
    if (typo.length >= 5 && typo !== word && !known.startsAny(typo)) return typo;
  }
  return undefined;
}

/** A SKU as a counter clerk types it from a label: lower case, no dashes or spaces. */
export function dashlessSku(sku: string): string {
  return sku.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * The first characters of a SKU (4+, shorter than the SKU): `withDashes` keeps the SKU as written
 * and reaches past its first dash (when it has one); otherwise lower case without dashes.
 */
export function skuPrefix(sku: string, withDashes: boolean, random: Random): string | undefined {
  const source = withDashes ? sku : dashlessSku(sku);
  const dash = source.search(/[^A-Za-z0-9]/);
  const min = withDashes && dash >= 0 ? Math.max(4, dash + 2) : 4;
  const max = source.length - 1;
  if (min > max) return undefined;
  return source.slice(0, randomInt(random, min, max));
}

/** The words of a label as they are typed: lower case, letters and digits only, no empties. */
export function labelWords(label: string): string[] {
  return label
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
}

/** Two or three words of one label, in its order; the last sometimes cut to 3+ letters (typed as you go). */
export function wordsOfLabel(label: string, random: Random): string | undefined {
  const words = labelWords(label).filter((word) => word.length >= 2);
  const count = Math.min(words.length, randomInt(random, 2, 3));
  if (count < 2) return undefined;
  const chosen = [...words.keys()]
    .sort(() => random() - 0.5)
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => words[i]!);
  const last = chosen[chosen.length - 1]!;
  if (random() < 0.3 && /^\p{L}{5,}$/u.test(last)) chosen[chosen.length - 1] = last.slice(0, randomInt(random, 3, last.length - 1));
  return chosen.join(' ');
}

/** What a dealer has typed into the keyword box so far: some words of a label and 3+ letters of the next. */
export function typedSoFar(label: string, random: Random): string | undefined {
  const words = labelWords(label);
  const candidates = [...words.keys()].filter((i) => words[i]!.length >= 3);
  if (candidates.length === 0) return undefined;
  const end = pick(random, candidates);
  // Up to two of the words before it, in the label's order and not always next to each other
  // (dealers leave words out): enough distinct texts that a run does not run out of new ones.
  const before = new Set<number>();
  const wanted = randomInt(random, 0, Math.min(2, end));
  while (before.size < wanted) before.add(randomInt(random, 0, end - 1));
  const partial = words[end]!.slice(0, randomInt(random, 3, words[end]!.length));
  return [...[...before].sort((a, b) => a - b).map((i) => words[i]!), partial].join(' ');
}
