/**
 * Synonym sets per catalog (issue 32, interface-contract "Synonyms"): the manufacturer's lists of
 * terms that mean the same (["two post", "2 post"]), kept in catalog_synonyms (one row of sets per
 * catalog, drizzle/0017_catalog_synonyms.sql) and managed through the integration API and the
 * command line. A search expands the keyword text into its alternative phrasings
 * (expandWithSynonyms) and matches any of them.
 *
 * Replacing a catalog's sets moves its search version (catalog_search_totals.version) in the same
 * transaction, so the results cache and the typo vocabulary, which key on that version, never serve
 * an answer made with the old sets; the sets themselves are kept per process and version
 * (catalogSynonyms), like the vocabulary (vocabulary.ts), so every process expands with the sets as
 * they are now.
 */
import type { Database } from '../../db/client.js';
import { perDatabase } from '../../db/read-cache.js';
import { notFound } from '../../http/errors.js';
import { catalogExists } from './catalogs-repository.js';
import { storedSynonymSets, writeSynonymSets } from './search-repository.js';

/** At most this many phrasings of one keyword text: the text itself and seven variants. */
export const MAX_SYNONYM_PHRASINGS = 8;

/** Stops the search for variants of a text that matches many terms (each candidate is one phrasing built). */
const MAX_CANDIDATES = 200;

/** A word as matched against a term's words: lower case, without the punctuation around it ("(Two" is "two"). */
function wordKey(word: string): string {
  return word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

type Span = { start: number; end: number; alternatives: string[] };

/**
 * The phrases of `words` that are terms of `sets` (whole words, case-insensitive, multi-word terms
 * included), each with the other terms of every set holding it; ordered by where they start, the
 * longer first.
 */
function matchingSpans(words: string[], sets: readonly (readonly string[])[]): Span[] {
  const keys = words.map(wordKey);
  const spans = new Map<string, Span>();
  for (const set of sets) {
    const termKeys = set.map((term) => term.trim().split(/\s+/).map(wordKey));
    termKeys.forEach((termWords) => {
      if (termWords.some((w) => w === '')) return;
      for (let start = 0; start + termWords.length <= keys.length; start++) {
        if (!termWords.every((w, i) => keys[start + i] === w)) continue;
        const end = start + termWords.length;
        const id = `${start}:${end}`;
        const span = spans.get(id) ?? { start, end, alternatives: [] };
        const matched = termWords.join(' ');
        for (const [other, otherWords] of set.map((term, i) => [term, termKeys[i]!] as const)) {
          if (otherWords.join(' ') === matched || !other.trim()) continue;
          if (!span.alternatives.includes(other.trim())) span.alternatives.push(other.trim());
        }
        if (span.alternatives.length > 0) spans.set(id, span);
      }
    });
  }
  return [...spans.values()].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Sets of `k` spans that do not overlap, in order. */
function* disjointChoices(spans: Span[], k: number, from = 0, after = 0): Generator<Span[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i < spans.length; i++) {
    if (spans[i]!.start < after) continue;
    for (const rest of disjointChoices(spans, k - 1, i + 1, spans[i]!.end)) yield [spans[i]!, ...rest];
  }
}

/** Every way to replace each chosen span by one of its alternatives. */
function* replacements(chosen: Span[], index = 0): Generator<string[]> {
  if (index === chosen.length) {
    yield [];
    return;
  }
  for (const alternative of chosen[index]!.alternatives) for (const rest of replacements(chosen, index + 1)) yield [alternative, ...rest];
}

/** `words` with each chosen span replaced (the punctuation before and after the span stays). */
function phrasing(words: string[], chosen: Span[], terms: string[]): string {
  const out: string[] = [];
  let next = 0;
  chosen.forEach((span, i) => {
    out.push(...words.slice(next, span.start));
    const lead = /^[^\p{L}\p{N}]*/u.exec(words[span.start]!)![0];
    const trail = /[^\p{L}\p{N}]*$/u.exec(words[span.end - 1]!)![0];
    out.push(`${lead}${terms[i]}${trail}`);
    next = span.end;
  });
  out.push(...words.slice(next));
  return out.join(' ');
}

/**
 * The alternative phrasings of a keyword text under a catalog's synonym sets: the text itself first
 * (trimmed, spaces collapsed), then each variant where a phrase of the text that equals a term of a
 * set (whole words, case-insensitive, multi-word terms such as "two post") is replaced by each other
 * term of the set: one replacement at a time first, left to right, then two at once, and so on.
 * At most MAX_SYNONYM_PHRASINGS (8) in all, each once (case-insensitively); replaced terms are in
 * lower case, the rest of the text as typed. A blank text has no phrasings ([]).
 *
 * expandWithSynonyms('Two Post lift', [['two post', '2 post', '2-post']])
 *   → ['Two Post lift', '2 post lift', '2-post lift']
 */
export function expandWithSynonyms(keywords: string, sets: readonly (readonly string[])[]): string[] {
  const text = keywords.trim().replace(/\s+/g, ' ');
  if (!text) return [];
  const out = [text];
  if (sets.length === 0) return out;
  const words = text.split(' ');
  const spans = matchingSpans(words, sets);
  const seen = new Set([text.toLowerCase()]);
  let candidates = 0;
  for (let k = 1; k <= spans.length; k++) {
    for (const chosen of disjointChoices(spans, k)) {
      for (const terms of replacements(chosen)) {
        if (out.length >= MAX_SYNONYM_PHRASINGS || ++candidates > MAX_CANDIDATES) return out;
        const variant = phrasing(words, chosen, terms);
        if (seen.has(variant.toLowerCase())) continue;
        seen.add(variant.toLowerCase());
        out.push(variant);
      }
    }
  }
  return out;
}

const catalogNotFound = (catalogId: string) => notFound(`No catalog has the id ${catalogId}.`);

/** The catalog's synonym sets as stored (terms lower-cased); 404 for an unknown catalog. */
export async function readCatalogSynonyms(db: Database, catalogId: string): Promise<{ terms: string[] }[]> {
  if (!(await catalogExists(db, catalogId))) throw catalogNotFound(catalogId);
  return (await storedSynonymSets(db, catalogId)).map((terms) => ({ terms }));
}

/**
 * Replaces every synonym set of the catalog (404 for an unknown catalog) and answers them as
 * stored. When the sets change, the catalog's search version moves in the same transaction; sets
 * equal to the stored ones write nothing and leave the version (and every cache keyed on it) alone.
 * `sets`: terms already normalized (packages/domain synonymSetSchema).
 */
export async function replaceCatalogSynonyms(
  db: Database,
  catalogId: string,
  sets: readonly (readonly string[])[],
): Promise<{ terms: string[] }[]> {
  return db.transaction(async (tx) => {
    if (!(await catalogExists(tx, catalogId))) throw catalogNotFound(catalogId);
    await writeSynonymSets(tx, catalogId, sets);
    return (await storedSynonymSets(tx, catalogId)).map((terms) => ({ terms }));
  });
}

type Kept = { version: number; sets: Promise<string[][]> };

const synonymsOf = perDatabase(() => new Map<string, Kept>());

/**
 * The catalog's synonym sets as of `searchVersion` (PricingContext.searchVersion): loaded once per
 * catalog, version and process, shared by concurrent callers. An unknown catalog has none.
 */
export function catalogSynonyms(db: Database, catalogId: string, searchVersion: number): Promise<string[][]> {
  const kept = synonymsOf(db);
  const current = kept.get(catalogId);
  if (current && current.version === searchVersion) return current.sets;
  const sets = storedSynonymSets(db, catalogId);
  kept.set(catalogId, { version: searchVersion, sets });
  // A failed load is not kept: the next search tries again.
  sets.catch(() => {
    if (kept.get(catalogId)?.sets === sets) kept.delete(catalogId);
  });
  return sets;
}
