/**
 * The catalog's full-text documents held in typed arrays (decision 023): a lexicon in byte order,
 * and per product its lexemes (ids ascending, so in the tsvector's own order) with their weighted
 * positions, plus per lexeme the products holding it (posting lists over product ordinals). Parsed
 * from `document::text` (`'lift':6A,7A 'post':5A`) straight into flat arrays: 200,000 products'
 * documents are millions of entries. Pure, so it is unit tested.
 */
import { forEachBit } from './bitsets.js';
import { lowerBound } from './sorted-search.js';
import { orTerm, walkSequenceKeys, type ListIds, type WalkedKeys } from './ts-rank.js';
import { compareBytes, type TsTerm } from './tsquery.js';
import type { Sliced } from './sliced-work.js';
import { PackedStrings } from './packed-strings.js';

const MAX_POSITION = (1 << 14) - 1;
/** Products whose postings are placed between two pauses. */
const POSTING_PRODUCTS_PER_SLICE = 40_000;
const QUOTE = 39; // '
const COLON = 58;
const COMMA = 44;

/** A growable typed array. */
class Growing<T extends Uint32Array | Uint16Array> {
  length = 0;
  constructor(public array: T) {}
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = new (this.array.constructor as new (n: number) => T)(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/** A quoted lexeme's text from `from` (after its opening quote), and where it ends (after its closing quote). */
function lexemeAt(text: string, from: number): { lexeme: string; end: number } {
  let close = text.indexOf("'", from);
  while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf("'", close + 2);
  if (close < 0) close = text.length;
  let lexeme = text.slice(from, close);
  if (lexeme.includes("'") || lexeme.includes('\\')) lexeme = lexeme.replace(/''/g, "'").replace(/\\(.)/g, '$1');
  return { lexeme, end: close + 1 };
}

/**
 * The distinct position lists of the documents, each held once: a catalog's 5 million entries
 * hold about 1,600 distinct lists (`6A`, `2A,9`, ...), so an entry names its list instead of
 * holding its positions, and ranking can know that two products' entries weigh the same without
 * reading them (ts-rank.ts ranker).
 */
class PositionLists {
  private readonly ids = new Map<number | string, number>();
  readonly starts = new Growing(new Uint32Array(1024));
  readonly positions = new Growing(new Uint16Array(4096));

  constructor() {
    this.starts.push(0);
  }

  /** The id of the list `places[0 ..< count]`, added when first seen. */
  idOf(places: Uint16Array, count: number): number {
    // Up to three 16-bit positions and the count fit a double exactly; longer lists key by text.
    const key =
      count <= 3
        ? count + 4 * ((places[0] ?? 0) + 65536 * ((count > 1 ? places[1]! : 0) + 65536 * (count > 2 ? places[2]! : 0)))
        : String.fromCharCode(...places.subarray(0, count));
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.starts.length - 1;
      this.ids.set(key, id);
      for (let k = 0; k < count; k++) this.positions.push(places[k]!);
      this.starts.push(this.positions.length);
    }
    return id;
  }
}

type Flat = { ids: Growing<Uint32Array>; lists: Growing<Uint32Array>; positionLists: PositionLists };

/** One entry's positions while it is read (a lexeme's positions are at most 256 in a tsvector). */
let entryPlaces = new Uint16Array(256);

/** Reads one tsvector's text into the flat arrays: per entry its lexeme id and its position list's id. */
function parseInto(text: string, lexemeId: (lexeme: string) => number, flat: Flat): void {
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== QUOTE) {
      i++;
      continue;
    }
    const { lexeme, end } = lexemeAt(text, i + 1);
    i = end;
    flat.ids.push(lexemeId(lexeme));
    let count = 0;
    if (text.charCodeAt(i) === COLON) {
      i++;
      for (;;) {
        let place = 0;
        let c = text.charCodeAt(i);
        while (c >= 48 && c <= 57) {
          place = place * 10 + (c - 48);
          c = text.charCodeAt(++i);
        }
        // A 3, B 2, C 1; D or no letter 0.
        const weight = c >= 65 && c <= 68 ? 68 - c : 0;
        if (c >= 65 && c <= 68) c = text.charCodeAt(++i);
        if (count === entryPlaces.length) {
          const bigger = new Uint16Array(count * 2);
          bigger.set(entryPlaces);
          entryPlaces = bigger;
        }
        entryPlaces[count++] = (weight << 14) | Math.min(MAX_POSITION, place);
        if (c !== COMMA) break;
        i++;
      }
    }
    flat.lists.push(flat.positionLists.idOf(entryPlaces, count));
  }
}

const newFlat = (size: number): Flat => ({
  ids: new Growing(new Uint32Array(size)),
  lists: new Growing(new Uint32Array(size)),
  positionLists: new PositionLists(),
});

/**
 * The entries with their final lexeme ids, ascending within each product (the tsvector's own
 * order, so they already are unless byte and UTF-16 order differ), each with its position list.
 */
function renumber(ids: Uint32Array, entryList: Uint32Array, termStart: Uint32Array, finalId: Uint32Array): void {
  for (let t = 0; t < ids.length; t++) ids[t] = finalId[ids[t]!]!;
  for (let o = 0; o + 1 < termStart.length; o++) {
    const from = termStart[o]!;
    const to = termStart[o + 1]!;
    let inOrder = true;
    for (let t = from + 1; t < to && inOrder; t++) inOrder = ids[t - 1]! < ids[t]!;
    if (inOrder) continue;
    const entries = Array.from({ length: to - from }, (_, k) => [ids[from + k]!, entryList[from + k]!] as const);
    entries.sort((a, b) => a[0] - b[0]);
    entries.forEach(([id, list], k) => {
      ids[from + k] = id;
      entryList[from + k] = list;
    });
  }
}

/** Per lexeme the products holding it (ordinals ascending), and the entry each posting stands for. */
function* buildPostings(
  termIds: Uint32Array,
  termStart: Uint32Array,
  lexemes: number,
): Sliced<{ start: Uint32Array; list: Uint32Array; entries: Uint32Array }> {
  const start = new Uint32Array(lexemes + 1);
  for (const id of termIds) start[id + 1]!++;
  for (let id = 0; id < lexemes; id++) start[id + 1]! += start[id]!;
  const list = new Uint32Array(termIds.length);
  const entries = new Uint32Array(termIds.length);
  const next = start.slice(0, lexemes);
  const products = termStart.length - 1;
  for (let o = 0; o < products; o++) {
    for (let t = termStart[o]!; t < termStart[o + 1]!; t++) {
      const k = next[termIds[t]!]!++;
      list[k] = o;
      entries[k] = t;
    }
    if (o % POSTING_PRODUCTS_PER_SLICE === POSTING_PRODUCTS_PER_SLICE - 1) yield;
  }
  return { start, list, entries };
}

/** What a SearchDocuments holds, as its parsing hands it over. */
type DocumentParts = Pick<
  SearchDocuments,
  | 'lexicon'
  | 'postingStart'
  | 'postings'
  | 'postingLists'
  | 'orTermOfList'
  | 'termStart'
  | 'termIds'
  | 'entryList'
  | 'listStart'
  | 'positions'
>;

export class SearchDocuments {
  /** Lexemes in byte order, packed (packed-strings.ts); a lexeme's id is its place here. */
  readonly lexicon: PackedStrings;
  /** Products holding each lexeme: ordinals ascending, lexeme `id` at postings[postingStart[id] ..< postingStart[id + 1]]. */
  readonly postingStart: Uint32Array;
  readonly postings: Uint32Array;
  /**
   * Each posting's position list (its entry's entryList): with orTermOfList, what the posting adds
   * to calc_rank_or's sum. 16 bits a posting where a 32-bit float of the sum's term was held: 10 MB
   * less on the M set's 5.3 million postings.
   */
  readonly postingLists: ListIds;
  /** What an entry of each position list adds to calc_rank_or's sum (ts-rank.ts orTerm), worked out once. */
  readonly orTermOfList: Float32Array;
  /** Product `o`'s entries at [termStart[o] ..< termStart[o + 1]]: lexeme ids ascending. */
  readonly termStart: Uint32Array;
  readonly termIds: Uint32Array;
  /**
   * Entry `t`'s positions: list entryList[t], at positions[listStart[list] ..< listStart[list + 1]]
   * (PositionLists). 16 bits each while the lists are that few (the M set's 5.3 million entries name
   * 1,631 lists): 10 MB less than 32.
   */
  readonly entryList: ListIds;
  readonly listStart: Uint32Array;
  readonly positions: Uint16Array;

  /** The parts DocumentParser.finish made. */
  constructor(parts: DocumentParts) {
    this.lexicon = parts.lexicon;
    this.postingStart = parts.postingStart;
    this.postings = parts.postings;
    this.postingLists = parts.postingLists;
    this.orTermOfList = parts.orTermOfList;
    this.termStart = parts.termStart;
    this.termIds = parts.termIds;
    this.entryList = parts.entryList;
    this.listStart = parts.listStart;
    this.positions = parts.positions;
  }

  get products(): number {
    return this.termStart.length - 1;
  }

  /** How many products hold lexeme `id` (ts_stat's ndoc). */
  documentCount(id: number): number {
    return this.postingStart[id + 1]! - this.postingStart[id]!;
  }

  /** The lexeme ids a term matches: [from, to) of the lexicon (a prefix term: every lexeme starting with it). */
  lexemeRange(term: TsTerm): [number, number] {
    const from = this.lexicon.lowerBound(term.lexeme);
    if (!term.prefix) return from < this.lexicon.length && this.lexicon.equals(from, term.lexeme) ? [from, from + 1] : [from, from];
    let to = from;
    while (to < this.lexicon.length && this.lexicon.startsWith(to, term.lexeme)) to++;
    return [from, to];
  }

  /** Sets in `bits` the products holding any lexeme of [from, to). */
  markHolders(range: [number, number], bits: Uint32Array): void {
    const end = this.postingStart[range[1]]!;
    for (let k = this.postingStart[range[0]]!; k < end; k++) {
      const o = this.postings[k]!;
      bits[o >>> 5]! |= 1 << (o & 31);
    }
  }

  /** Reused buffers of phraseHolds (searches are synchronous: no other search uses them meanwhile). */
  private phraseEnds = new Int32Array(64);
  private phraseNext = new Int32Array(64);

  /**
   * Whether product `o` holds a chain of terms (lexeme ranges) with term k + 1 standing
   * `distances[k]` places after term k (PostgreSQL's phrase rule for a chain): the places where the
   * chain can end so far are kept in a reused buffer, so a check allocates nothing.
   */
  phraseHolds(o: number, ranges: readonly (readonly [number, number])[], distances: readonly number[]): boolean {
    let ends = -1;
    for (let k = 0; k < ranges.length && ends !== 0; k++) {
      ends = this.nextPlaces(o, ranges[k]!, ends, k === 0 ? 0 : distances[k - 1]!);
      [this.phraseEnds, this.phraseNext] = [this.phraseNext, this.phraseEnds];
    }
    return ends > 0;
  }

  /**
   * Writes into the next buffer product `o`'s places of the lexemes in `range`, and returns how
   * many: every place when `ends` is -1, else only places `distance` after one of the `ends` places
   * in the ends buffer.
   */
  private nextPlaces(o: number, range: readonly [number, number], ends: number, distance: number): number {
    let count = 0;
    for (let t = this.firstEntry(o, range[0]); t < this.termStart[o + 1]! && this.termIds[t]! < range[1]; t++) {
      const list = this.entryList[t]!;
      for (let p = this.listStart[list]!; p < this.listStart[list + 1]!; p++) {
        const place = this.positions[p]! & MAX_POSITION;
        if (ends >= 0 && !holds(this.phraseEnds, ends, place - distance)) continue;
        if (count === this.phraseNext.length) {
          const bigger = new Int32Array(count * 2);
          bigger.set(this.phraseNext);
          this.phraseNext = bigger;
        }
        this.phraseNext[count++] = place;
      }
    }
    return count;
  }

  /** Reused buffers of walkSequenceKeys (a phrase check, a ranking): per product, its key and digit count. */
  private sequenceScratch?: { keys: Float64Array; digits: Uint8Array };

  /** listSequenceKey's key (ts-rank.ts) of every product of `within` for these ranges, in one walk of their posting lists. */
  sequenceKeys(ranges: readonly (readonly [number, number])[], within: Uint32Array): WalkedKeys {
    this.sequenceScratch ??= { keys: new Float64Array(this.products), digits: new Uint8Array(this.products) };
    return walkSequenceKeys(this, ranges, within, this.sequenceScratch.keys, this.sequenceScratch.digits);
  }

  /**
   * Clears from `bits` (products holding every term of the chain) those where the chain does not
   * hold (phraseHolds). Whether it holds depends only on the position lists of each term's entries,
   * and a catalog holds few distinct lists (PositionLists): so each product's sequence of lists is
   * read off the terms' posting lists in one walk (sequenceKeys, as ts-rank.ts keys its ranks), and
   * the chain is checked once per distinct sequence. A product whose sequence is too long for a key
   * is checked on its own.
   */
  keepPhrase(bits: Uint32Array, ranges: readonly (readonly [number, number])[], distances: readonly number[]): void {
    const { keys, digits, maxDigits } = this.sequenceKeys(ranges, bits);
    const memo = new Map<number, boolean>();
    forEachBit(bits, (o) => {
      let holds = digits[o]! <= maxDigits ? memo.get(keys[o]!) : undefined;
      if (holds === undefined) {
        holds = this.phraseHolds(o, ranges, distances);
        if (digits[o]! <= maxDigits) memo.set(keys[o]!, holds);
      }
      if (!holds) bits[o >>> 5]! &= ~(1 << (o & 31));
    });
  }

  /** Product `o`'s first entry whose lexeme id is `from` or more. */
  private firstEntry(o: number, from: number): number {
    return lowerBound(this.termIds, this.termStart[o]!, this.termStart[o + 1]!, from);
  }

  /** Whether product `o` has no lexeme at all. */
  isEmpty(o: number): boolean {
    return this.termStart[o] === this.termStart[o + 1];
  }

  /** Bytes held in typed arrays (the memory report). */
  get byteLength(): number {
    return [
      this.postingStart,
      this.postings,
      this.postingLists,
      this.orTermOfList,
      this.termStart,
      this.termIds,
      this.entryList,
      this.listStart,
      this.positions,
    ].reduce((sum, array) => sum + array.byteLength, 0);
  }
}

/** Whether the first `count` values of `values` hold `value` (a phrase's few places: a scan). */
function holds(values: Int32Array, count: number, value: number): boolean {
  for (let k = 0; k < count; k++) if (values[k] === value) return true;
  return false;
}

/**
 * Parses a catalog's documents one at a time, in ordinal order, as its rows arrive (an index build
 * reads them in batches and lets each batch's texts go once parsed); `finish` then makes the
 * SearchDocuments, pausing between its steps (sliced-work.ts). On the M set the parsing is about
 * 1 s of CPU and the finish about 0.6 s.
 */
export class DocumentParser {
  private readonly lexemeIds = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly flat = newFlat(1 << 16);
  private readonly termStart = new Growing(new Uint32Array(1 << 12));

  constructor() {
    this.termStart.push(0);
  }

  private readonly lexemeId = (lexeme: string): number => {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.names.push(lexeme) - 1;
      this.lexemeIds.set(lexeme, id);
    }
    return id;
  };

  /** The next product's tsvector text. */
  add(text: string): void {
    parseInto(text, this.lexemeId, this.flat);
    this.termStart.push(this.flat.ids.length);
  }

  *finish(): Sliced<SearchDocuments> {
    const { names, flat } = this;
    const order = names.map((_, id) => id).sort((a, b) => compareBytes(names[a]!, names[b]!));
    const finalId = new Uint32Array(names.length);
    order.forEach((id, place) => (finalId[id] = place));
    const lexicon = new PackedStrings(order.map((id) => names[id]!));
    yield;
    const termStart = this.termStart.done();
    const positions = flat.positionLists.positions.done();
    const listStart = flat.positionLists.starts.done();
    const termIds = flat.ids.done();
    const entryList = flat.lists.done();
    renumber(termIds, entryList, termStart, finalId);
    yield;
    const postings = yield* buildPostings(termIds, termStart, lexicon.length);
    // The entry each posting stands for is needed only here: ranking reads the term it adds through
    // the entry's position list, worked out once per distinct list.
    const lists = listStart.length - 1;
    const orTermOfList = Float32Array.from({ length: lists }, (_, list) => orTerm(positions, listStart[list]!, listStart[list + 1]!));
    const postingLists = lists <= 1 << 16 ? new Uint16Array(postings.entries.length) : new Uint32Array(postings.entries.length);
    for (let k = 0; k < postings.entries.length; k++) postingLists[k] = entryList[postings.entries[k]!]!;
    yield;
    return new SearchDocuments({
      lexicon,
      postingStart: postings.start,
      postings: postings.list,
      postingLists,
      orTermOfList,
      termStart,
      termIds,
      listStart,
      positions,
      entryList: lists <= 1 << 16 ? Uint16Array.from(entryList) : entryList,
    });
  }
}
