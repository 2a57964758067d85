/**
 * PostgreSQL's reading of a keyword plan's tsquery (stemming, stop words, dashed words) without a
 * round trip per search (issue 32). A plan's tsquery is terms joined by `&`, `|` and parentheses
 * (keywords.ts), and `to_tsquery` reads each term on its own: the words of a quoted term become its
 * lexemes (a phrase for a dashed word), a stop word becomes nothing, and an operator left with one
 * side is replaced by that side. So the reading of a whole query is the readings of its terms put
 * back in the written tree, with the empty ones taken out (composeReadings).
 *
 * The readings of terms are kept per database handle: every word of the catalogs' labels, its parts
 * and their prefixes are read when a catalog's index is built and kept (what dealers type is mostly
 * these, the last word often cut short), other terms (a typo, a word of a description) when a search
 * first has them, all the missing ones of a search in one statement, and kept while recently used.
 * Each reading is a fact of the database's text search configuration, never of the data, so nothing
 * makes one stale. A search
 * whose terms are all kept costs no statement before its priced page; before, every search sent
 * its whole tsquery to be read (tsquery-readings.api.test.ts holds the two readings equal).
 */
import type { Database } from '../../db/client.js';
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';
import { typedTerm } from './keywords.js';
import { tsQueriesAsParsed } from './search-repository.js';
import { parseTsQuery, termsOf, type TsNode, type TsTerm } from './tsquery.js';

/**
 * Catalog terms kept per database handle (~100 bytes each): a catalog's label words, their parts and
 * prefixes are a few thousand (the M set's catalog has 593 label words), learnt when an index is built.
 */
export const MAX_LEARNT_READINGS = 50_000;

/**
 * Other terms kept per database handle, the least recently used let go first: a typo or a SKU
 * prefix is seldom typed again by anyone, and 50,000 of them held ~7 MB of the server's memory.
 */
export const MAX_RECENT_READINGS = 5_000;

/** Terms read in one statement when a catalog's words are learnt. */
const LEARN_BATCH = 5_000;

/** The kept readings of one database handle: the catalogs' terms, never let go, and the recent others. */
type KeptReadings = { learnt: Map<string, string>; recent: RecentlyUsedMap<string> };

const readingsOf = perDatabase<KeptReadings>(() => ({ learnt: new Map(), recent: new RecentlyUsedMap(MAX_RECENT_READINGS) }));

const keptReading = (kept: KeptReadings, term: string) => kept.learnt.get(term) ?? kept.recent.get(term);

type Reading = TsNode | 'empty' | null;

/**
 * The tree of `to_tsquery('english', tsQuery)` as parseTsQuery makes it of PostgreSQL's text, its
 * nested `&` and `|` flattened: from kept term readings, asking only for the terms not kept. A query
 * that is not a plan's shape (a phrase written in it) is read whole, as before.
 */
export async function readTsQuery(db: Database, tsQuery: string): Promise<Reading> {
  const written = parseTsQuery(tsQuery);
  if (written === null || written === 'empty' || hasPhrase(written)) {
    const [whole] = await tsQueriesAsParsed(db, [tsQuery]);
    return parseTsQuery(whole ?? '');
  }
  const kept = readingsOf(db);
  // This search's own copy: the kept map may drop entries while the missing ones are read.
  const readings = new Map<string, string>();
  const missing: string[] = [];
  for (const term of new Set(termsOf(written).map(termText))) {
    const reading = keptReading(kept, term);
    if (reading === undefined) missing.push(term);
    else readings.set(term, reading);
  }
  if (missing.length > 0) {
    const read = await tsQueriesAsParsed(db, missing);
    missing.forEach((term, i) => {
      readings.set(term, read[i]!);
      kept.recent.set(term, read[i]!);
    });
  }
  return composeReadings(written, (term) => parseTsQuery(readings.get(termText(term))!));
}

/**
 * Reads and keeps the terms a dealer types for these label words: each word and each of its parts
 * between dashes or other signs, cleaned as keywords.ts cleans typed words, with their prefixes of
 * two characters or more, as prefix matches. Done when a catalog's index is built, so searches for
 * catalog words start with every term kept.
 */
export async function learnLabelWords(db: Database, words: readonly string[]): Promise<void> {
  const kept = readingsOf(db);
  const terms = new Set<string>();
  const learn = (typed: string) => {
    const term = typedTerm(typed);
    if (term !== null && !kept.learnt.has(term)) terms.add(term);
  };
  for (const word of words) {
    // 'two-post' is typed so, or as 'two' and 'post'; '(pair)' and '10,000' as 'pair' and '10000'.
    for (const part of new Set([word, ...word.split(/[^\p{L}\p{N}]+/u)])) {
      learn(part);
      for (let length = Math.min(part.length - 1, MAX_PREFIX_LENGTH); length >= 2; length--) learn(part.slice(0, length));
    }
    if (kept.learnt.size + terms.size >= MAX_LEARNT_READINGS) break;
  }
  const list = [...terms];
  for (let start = 0; start < list.length; start += LEARN_BATCH) {
    const batch = list.slice(start, start + LEARN_BATCH);
    const read = await tsQueriesAsParsed(db, batch);
    batch.forEach((term, i) => {
      kept.learnt.set(term, read[i]!);
      kept.recent.delete(term);
    });
  }
}

/** Prefixes longer than this are rarely typed without the rest of the word (the whole word is learnt anyway). */
const MAX_PREFIX_LENGTH = 12;

/** A term as a plan writes it: quoted (a quote doubled, a backslash escaped), `:*` for a prefix match. */
function termText(term: TsTerm): string {
  return `'${term.lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${term.prefix ? ':*' : ''}`;
}

function hasPhrase(node: TsNode): boolean {
  if (node.kind === 'term') return false;
  if (node.kind === 'phrase') return true;
  return node.children.some(hasPhrase);
}

/**
 * The written tree with each term replaced by its reading: an empty reading (a stop word) is taken
 * out, an `&` or `|` left with one side becomes that side, with none it is empty; nested operators
 * of one kind are flattened. Null when a term's reading is a shape the index does not evaluate.
 */
export function composeReadings(written: TsNode, readingOf: (term: TsTerm) => Reading): Reading {
  if (written.kind === 'term') return readingOf(written);
  if (written.kind === 'phrase') return null;
  const children: TsNode[] = [];
  for (const child of written.children) {
    const reading = composeReadings(child, readingOf);
    if (reading === null) return null;
    if (reading === 'empty') continue;
    if (reading.kind === written.kind) children.push(...(reading as typeof written).children);
    else children.push(reading);
  }
  if (children.length === 0) return 'empty';
  return children.length === 1 ? children[0]! : { kind: written.kind, children };
}

/** A tree with nested `&` in `&` and `|` in `|` flattened, as composeReadings writes it (PostgreSQL's text may nest them). */
export function flattened(node: TsNode): TsNode {
  if (node.kind === 'term' || node.kind === 'phrase') return node;
  const children = node.children.map(flattened).flatMap((child) => (child.kind === node.kind ? (child as typeof node).children : [child]));
  return { kind: node.kind, children };
}
