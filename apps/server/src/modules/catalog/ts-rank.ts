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

/**
 * What a document holds of one query term: the positions of each of its lexemes that the term
 * matches (a prefix term can match several), in the document's lexeme order.
 */
export type TermEntries = Uint16Array[];

/** calc_rank_or: each term's best-weighted and further positions, averaged over the query's terms. */
function rankOr(items: TermEntries[]): number {
  let result = f(0);
  for (const entries of items) {
    for (const positions of entries) {
      let sum = f(0);
      let best = f(-1);
      let bestAt = 0;
      for (let j = 0; j < positions.length; j++) {
        const weight = weightOf(positions[j]!);
        sum = f(sum + f(weight / ((j + 1) * (j + 1))));
        if (weight > best) {
          best = weight;
          bestAt = j;
        }
      }
      const term = f(f(best + sum) - f(best / ((bestAt + 1) * (bestAt + 1))));
      result = f(result + term / 1.64493406685);
    }
  }
  return items.length > 0 ? f(result / items.length) : result;
}

/** calc_rank_and: every pair of positions of two different terms, closer pairs weighing more. */
function rankAnd(items: TermEntries[]): number {
  if (items.length < 2) return rankOr(items);
  const held: (Uint16Array | undefined)[] = new Array(items.length);
  let result = f(-1);
  for (let i = 0; i < items.length; i++) {
    for (const positions of items[i]!) {
      // As in C: a later lexeme of the same term replaces the earlier one for the terms after it.
      held[i] = positions;
      for (let k = 0; k < i; k++) {
        const other = held[k];
        if (!other) continue;
        for (let l = 0; l < positions.length; l++) {
          for (let p = 0; p < other.length; p++) {
            const distance = Math.abs(placeOf(positions[l]!) - placeOf(other[p]!));
            if (distance === 0) continue;
            const weight = f(Math.sqrt(f(f(weightOf(positions[l]!) * weightOf(other[p]!)) * wordDistance(distance))));
            result = result < 0 ? weight : f(1.0 - (1.0 - result) * (1.0 - weight));
          }
        }
      }
    }
  }
  return result;
}

/**
 * ts_rank of a document for a query whose terms (sorted and unique, tsquery.ts sortedUniqueTerms)
 * the document holds as `items`; `byDistance` when the query's top operator is `&` or a phrase.
 * `documentEmpty`: a document without lexemes ranks 0.
 */
export function tsRank(items: TermEntries[], byDistance: boolean, documentEmpty = false): number {
  if (documentEmpty || items.length === 0) return 0;
  const result = byDistance ? rankAnd(items) : rankOr(items);
  return result < 0 ? f(1e-20) : result;
}
