/**
 * PostgreSQL's `ts_rank(document, query)` with its default weights and no normalization, ported from
 * src/backend/utils/adt/tsrank.c (calc_rank, calc_rank_or, calc_rank_and, word_distance) so the
 * in-process index orders matches exactly as the SQL search did (decision 023). float4 arithmetic
 * is kept with Math.fround where C computes in float, and left in double where C promotes
 * (a double literal, sqrt, exp); catalog-index.api.test.ts compares it with PostgreSQL's own.
 *
 * A position is WordEntryPos: the weight in the top two bits (A 3, B 2, C 1, D 0), the position in
 * the low 14.
 */

import { forEachBit, hasBit } from './bitsets.js';
import { lowerBound } from './sorted-search.js';

const f = Math.fround;
/** {D, C, B, A}, as float4. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(f);
const MAX_ENTRY_POS = 1 << 14;

const weightOf = (position: number) => WEIGHTS[position >> 14]!;
const placeOf = (position: number) => position & (MAX_ENTRY_POS - 1);

/** word_distance: how much two terms `distance` apart weigh together. */
const DISTANCE_WEIGHTS: number[] = [];
function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  let known = DISTANCE_WEIGHTS[distance];
  if (known === undefined) {
    known = f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
    DISTANCE_WEIGHTS[distance] = known;
  }
  return known;
}

/** Distances past this weigh word_distance(101), the same tiny weight for all. */
const FAR = 101;

/**
 * calc_rank_and's weight of a pair of positions, by their two weights (0-3 each) and distance (1 to
 * FAR), worked out once with the same float4 steps as the C: a pair costs a lookup, not a sqrt.
 */
const PAIR_WEIGHTS = new Float32Array(4 * 4 * (FAR + 1));
for (let a = 0; a < 4; a++) {
  for (let b = 0; b < 4; b++) {
    for (let distance = 1; distance <= FAR; distance++) {
      PAIR_WEIGHTS[(a * 4 + b) * (FAR + 1) + distance] = f(Math.sqrt(f(f(WEIGHTS[a]! * WEIGHTS[b]!) * wordDistance(distance))));
    }
  }
}

/** Position list ids per entry (search-documents.ts): 16 bits while the lists are at most 65,536, else 32. */
export type ListIds = Uint16Array | Uint32Array;

/** The arrays of search-documents.ts that ranking reads. */
export type RankedDocuments = {
  termStart: Uint32Array;
  termIds: Uint32Array;
  entryList: ListIds;
  listStart: Uint32Array;
  positions: Uint16Array;
};

/**
 * ts_rank of product `o` for a query whose terms (sorted and unique, tsquery.ts sortedUniqueTerms)
 * match the lexeme id ranges `ranges`; `byDistance` when the query's top operator is `&` or a phrase.
 * Reads the typed arrays in place: a broad word ranks 100,000 products per search.
 *
 * A rank depends only on which position lists the product's matched entries have, term by term,
 * and a catalog holds few distinct lists (search-documents.ts PositionLists): 37,000 products
 * matching two words had 80 distinct ranks. So the ranker keeps, for this one query, the rank of
 * each sequence of lists it has worked out, and the pairs of positions are weighed once per
 * sequence, not once per product. With `walked` (the keys of many products read in one walk of the
 * posting lists), a product of a sequence already ranked is not even located.
 */
export function ranker(
  documents: RankedDocuments,
  ranges: readonly (readonly [number, number])[],
  byDistance: boolean,
  walked?: WalkedKeys,
): (o: number) => number {
  const items = ranges.length;
  const spanFrom = new Uint32Array(items);
  const spanTo = new Uint32Array(items);
  const { termStart, entryList, listStart, positions } = documents;
  const locate = entryLocator(documents, ranges, spanFrom, spanTo);
  const rankOr = () => {
    let result = f(0);
    for (let i = 0; i < items; i++) {
      for (let t = spanFrom[i]!; t < spanTo[i]!; t++)
        result = f(result + orTerm(positions, listStart[entryList[t]!]!, listStart[entryList[t]! + 1]!) / 1.64493406685);
    }
    return items > 0 ? f(result / items) : result;
  };
  const held = new Int32Array(items);
  const rankAnd = () => {
    held.fill(-1);
    let result = f(-1);
    for (let i = 0; i < items; i++) {
      for (let t = spanFrom[i]!; t < spanTo[i]!; t++) {
        // As in C: a later lexeme of the same term replaces the earlier one for the terms after it.
        held[i] = t;
        const list = entryList[t]!;
        for (let k = 0; k < i; k++) {
          const other = held[k]!;
          if (other < 0) continue;
          const otherList = entryList[other]!;
          for (let l = listStart[list]!; l < listStart[list + 1]!; l++) {
            const place = placeOf(positions[l]!);
            const pairRow = (positions[l]! >> 14) * 4;
            for (let p = listStart[otherList]!; p < listStart[otherList + 1]!; p++) {
              const distance = Math.abs(place - placeOf(positions[p]!));
              if (distance === 0) continue;
              const weight = PAIR_WEIGHTS[(pairRow + (positions[p]! >> 14)) * (FAR + 1) + Math.min(distance, FAR)]!;
              result = result < 0 ? weight : f(1.0 - (1.0 - result) * (1.0 - weight));
            }
          }
        }
      }
    }
    return result;
  };
  const rankOf = () => {
    const result = byDistance && items >= 2 ? rankAnd() : rankOr();
    return result < 0 ? f(1e-20) : result;
  };
  const sequenceKey = listSequenceKey(spanFrom, spanTo, entryList, listStart.length - 1);
  const memo = new KeyedNumbers();
  return (o) => {
    if (items === 0 || termStart[o] === termStart[o + 1]) return 0;
    const known = walked && walked.digits[o]! <= walked.maxDigits ? memo.get(walked.keys[o]!) : undefined;
    if (known !== undefined) return known;
    locate(o);
    const key = sequenceKey();
    if (key < 0) return rankOf();
    let rank = memo.get(key);
    if (rank === undefined) memo.set(key, (rank = rankOf()));
    return rank;
  };
}

/**
 * Numbers by sequence key (a whole number below 2^53), in typed arrays with open addressing: a
 * ranker reads one per product ranked, and a Map keyed by such numbers (not small integers) cost
 * more than the rest of ranking a product whose sequence is known.
 */
class KeyedNumbers {
  private keys = new Float64Array(64).fill(Number.NaN);
  private values = new Float64Array(64);
  private count = 0;

  get(key: number): number | undefined {
    const mask = this.keys.length - 1;
    for (let at = slotOf(key, mask); ; at = (at + 1) & mask) {
      const held = this.keys[at]!;
      if (held === key) return this.values[at];
      if (Number.isNaN(held)) return undefined; // an empty slot
    }
  }

  set(key: number, value: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let at = slotOf(key, mask);
    while (this.keys[at] !== key && !Number.isNaN(this.keys[at]!)) at = (at + 1) & mask;
    if (this.keys[at] !== key) this.count++;
    this.keys[at] = key;
    this.values[at] = value;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(Number.NaN);
    this.values = new Float64Array(keys.length * 2);
    this.count = 0;
    for (let at = 0; at < keys.length; at++) if (!Number.isNaN(keys[at]!)) this.set(keys[at]!, values[at]!);
  }
}

/** A key's first slot: its low and high 32 bits mixed (a key may pass 2^32). */
function slotOf(key: number, mask: number): number {
  const high = Math.floor(key / 4294967296);
  return (Math.imul((key >>> 0) ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> 0) & mask;
}

/** Writes into spanFrom[i] ..< spanTo[i] product `o`'s entries whose lexemes are in ranges[i] (a binary search each). */
function entryLocator(
  { termStart, termIds }: Pick<RankedDocuments, 'termStart' | 'termIds'>,
  ranges: readonly (readonly [number, number])[],
  spanFrom: Uint32Array,
  spanTo: Uint32Array,
): (o: number) => void {
  return (o) => {
    const first = termStart[o]!;
    const last = termStart[o + 1]!;
    for (let i = 0; i < ranges.length; i++) {
      const [from, to] = ranges[i]!;
      const low = lowerBound(termIds, first, last, from);
      let end = low;
      while (end < last && termIds[end]! < to) end++;
      spanFrom[i] = low;
      spanTo[i] = end;
    }
  };
}

/** Sequence keys of many products at once (walkSequenceKeys): key and digit count per ordinal, and the most digits a key holds. */
export type WalkedKeys = { keys: Float64Array; digits: Uint8Array; maxDigits: number };

/**
 * listSequenceKey's key of every product of `within` for these term ranges, read off the ranges'
 * posting lists in one walk (a posting names its entry's list: postingLists) instead of a search in
 * each product's entries: range by range, lexeme by lexeme, so a product's digits come in its
 * entries' order, as listSequenceKey reads them. A product whose key would need more than
 * `maxDigits` digits stops at maxDigits + 1 (no key). Written into `keys` and `digits`.
 */
export function walkSequenceKeys(
  documents: { postingStart: Uint32Array; postings: Uint32Array; postingLists: ListIds; listStart: Uint32Array },
  ranges: readonly (readonly [number, number])[],
  within: Uint32Array,
  keys: Float64Array,
  digits: Uint8Array,
): WalkedKeys {
  const { postingStart, postings, postingLists } = documents;
  const { maxDigits, append } = sequenceKeyDigits(ranges.length, documents.listStart.length - 1);
  forEachBit(within, (o) => {
    keys[o] = 0;
    digits[o] = 0;
  });
  for (let i = 0; i < ranges.length; i++) {
    const [from, to] = ranges[i]!;
    for (let k = postingStart[from]!; k < postingStart[to]!; k++) {
      const o = postings[k]!;
      if (!hasBit(within, o) || digits[o]! > maxDigits) continue;
      digits[o]!++;
      keys[o] = append(keys[o]!, postingLists[k]!, i);
    }
  }
  return { keys, digits, maxDigits };
}

/**
 * The key of the entries located for a product (entries spanFrom[i] ..< spanTo[i] of each term i):
 * their position lists, term by term, as one exact number. Each entry is a nonzero digit of base
 * `terms * lists + 1` (its list and its term), while the digits fit a double's 53 bits; -1 for a
 * product with more matched entries than fit (it is ranked without the memo).
 */
function listSequenceKey(spanFrom: Uint32Array, spanTo: Uint32Array, entryList: ListIds, lists: number): () => number {
  const items = spanFrom.length;
  const { maxDigits, append } = sequenceKeyDigits(items, lists);
  return () => {
    let key = 0;
    let digits = 0;
    for (let i = 0; i < items; i++) {
      for (let t = spanFrom[i]!; t < spanTo[i]!; t++) {
        if (++digits > maxDigits) return -1;
        key = append(key, entryList[t]!, i);
      }
    }
    return key;
  };
}

/**
 * The digits of a sequence key over `items` terms and `lists` position lists, one definition for
 * listSequenceKey and walkSequenceKeys (their keys must be equal for one product): each entry a
 * nonzero digit of base `items * lists + 1` naming its list and its term, and how many fit 53 bits.
 */
function sequenceKeyDigits(
  items: number,
  lists: number,
): { maxDigits: number; append: (key: number, list: number, term: number) => number } {
  const base = Math.max(1, items * lists);
  return {
    maxDigits: Math.floor(53 / Math.log2(base + 1)),
    append: (key, list, term) => key * (base + 1) + (list * items + term + 1),
  };
}

/** What one lexeme entry adds to calc_rank_or's sum (before the division by 1.64493406685). */
export function orTerm(positions: Uint16Array, begin: number, end: number): number {
  let sum = f(0);
  let best = f(-1);
  let bestAt = 0;
  for (let p = begin, j = 0; p < end; p++, j++) {
    const weight = weightOf(positions[p]!);
    sum = f(sum + f(weight / ((j + 1) * (j + 1))));
    if (weight > best) {
      best = weight;
      bestAt = j;
    }
  }
  return f(f(best + sum) - f(best / ((bestAt + 1) * (bestAt + 1))));
}

/**
 * calc_rank_or's sums for every product at once, walking the terms' posting lists instead of each
 * product's entries: for any product the sums run in the same order as in C (terms in order, then
 * its lexemes in order), so every sum is the same float4. What each posting adds (orTerm of its
 * entry, a float4) is worked out once per position list when the documents are read (`orTermOfList`,
 * each posting naming its list in `postingLists`), so a broad word's 100,000 matches cost one pass
 * of additions. A product's rank is its sum divided by the number of terms, as float4 (orRankOf);
 * it is divided only for the products asked for, not for all 200,000. Products without lexemes
 * rank 0, as ts_rank answers. The sums are written into `sums` (one per product, overwritten): the
 * index passes the same buffer for every query, since a fresh 800 kB per search made the garbage
 * collector mark the whole heap every few dozen searches.
 */
export function orRankSums(
  documents: { postingStart: Uint32Array; postings: Uint32Array; postingLists: ListIds; orTermOfList: Float32Array },
  ranges: readonly (readonly [number, number])[],
  sums: Float32Array,
): Float32Array {
  sums.fill(0);
  const { postingStart, postings, postingLists, orTermOfList } = documents;
  for (const [from, to] of ranges) {
    // A Float32Array stores each sum rounded to float4, as C's float arithmetic does.
    for (let k = postingStart[from]!; k < postingStart[to]!; k++)
      sums[postings[k]!] = sums[postings[k]!]! + orTermOfList[postingLists[k]!]! / 1.64493406685;
  }
  return sums;
}

/** calc_rank_or's rank of a product from its sum (orRankSums) and the query's number of terms: C's `res / size` in float4. */
export const orRankOf = (sum: number, terms: number) => (terms > 0 ? f(sum / terms) : sum);
