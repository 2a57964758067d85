/**
 * The catalog's full-text documents held in typed arrays (decision 023): a lexicon in byte order,
 * and per product its lexemes (ids ascending, so in the tsvector's own order) with their weighted
 * positions, plus per lexeme the products holding it (posting lists over product ordinals). Parsed
 * from `document::text` (`'lift':6A,7A 'post':5A`). Pure, so it is unit tested.
 */
import { compareBytes, type TsTerm } from './tsquery.js';

const WEIGHT_BITS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const MAX_POSITION = (1 << 14) - 1;

/** One document's lexemes (as temporary ids) and positions, while the lexicon is still growing. */
type ParsedDocument = { lexemes: number[]; positions: number[][] };

/** Reads tsvector text; `lexemeId` names each lexeme. */
export function parseTsVector(text: string, lexemeId: (lexeme: string) => number): ParsedDocument {
  const lexemes: number[] = [];
  const positions: number[][] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    let lexeme = '';
    for (i++; i < text.length; ) {
      const c = text[i]!;
      if (c === "'" && text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else if (c === '\\' && i + 1 < text.length) {
        lexeme += text[i + 1];
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else {
        lexeme += c;
        i++;
      }
    }
    const places: number[] = [];
    if (text[i] === ':') {
      const match = /^:([0-9A-D,]+)/.exec(text.slice(i, i + 400))!;
      for (const part of match[1]!.split(',')) {
        const weight = /[A-D]$/.test(part) ? WEIGHT_BITS[part.slice(-1)]! : 0;
        const place = Math.min(MAX_POSITION, Number.parseInt(part, 10));
        places.push((weight << 14) | place);
      }
      i += match[0].length;
    }
    lexemes.push(lexemeId(lexeme));
    positions.push(places);
  }
  return { lexemes, positions };
}

export class SearchDocuments {
  /** Lexemes in byte order; a lexeme's id is its place here. */
  readonly lexicon: string[];
  /** Products holding each lexeme: ordinals ascending, lexeme `id` at postings[postingStart[id] ..< postingStart[id + 1]]. */
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  /** Product `o`'s lexeme ids at termIds[termStart[o] ..< termStart[o + 1]], ascending. */
  private readonly termStart: Uint32Array;
  private readonly termIds: Uint32Array;
  /** Term entry `t`'s positions at positions[positionStart[t] ..< positionStart[t + 1]]. */
  private readonly positionStart: Uint32Array;
  private readonly positions: Uint16Array;

  /** `documents[o]`: product ordinal o's tsvector text. */
  constructor(documents: readonly string[]) {
    const temporary = new Map<string, number>();
    const names: string[] = [];
    const lexemeId = (lexeme: string) => {
      let id = temporary.get(lexeme);
      if (id === undefined) {
        id = names.length;
        names.push(lexeme);
        temporary.set(lexeme, id);
      }
      return id;
    };
    const parsed = documents.map((text) => parseTsVector(text, lexemeId));
    const order = names.map((_, id) => id).sort((a, b) => compareBytes(names[a]!, names[b]!));
    const finalId = new Uint32Array(names.length);
    order.forEach((id, place) => (finalId[id] = place));
    this.lexicon = order.map((id) => names[id]!);
    this.termStart = new Uint32Array(parsed.length + 1);
    let terms = 0;
    let places = 0;
    for (const [o, document] of parsed.entries()) {
      terms += document.lexemes.length;
      places += document.positions.reduce((sum, list) => sum + list.length, 0);
      this.termStart[o + 1] = terms;
    }
    this.termIds = new Uint32Array(terms);
    this.positionStart = new Uint32Array(terms + 1);
    this.positions = new Uint16Array(places);
    this.fillTerms(parsed, finalId);
    const postings = this.buildPostings(this.lexicon.length);
    this.postingStart = postings.start;
    this.postings = postings.list;
  }

  private fillTerms(parsed: ParsedDocument[], finalId: Uint32Array) {
    let t = 0;
    let p = 0;
    for (const document of parsed) {
      const entries = document.lexemes.map((id, k) => ({ id: finalId[id]!, places: document.positions[k]! }));
      entries.sort((a, b) => a.id - b.id);
      for (const entry of entries) {
        this.termIds[t] = entry.id;
        this.positionStart[t] = p;
        for (const place of entry.places) this.positions[p++] = place;
        t++;
      }
    }
    this.positionStart[t] = p;
  }

  private buildPostings(lexemes: number): { start: Uint32Array; list: Uint32Array } {
    const start = new Uint32Array(lexemes + 1);
    for (const id of this.termIds) start[id + 1]!++;
    for (let id = 0; id < lexemes; id++) start[id + 1]! += start[id]!;
    const list = new Uint32Array(this.termIds.length);
    const next = start.slice(0, lexemes);
    const products = this.termStart.length - 1;
    for (let o = 0; o < products; o++) {
      for (let t = this.termStart[o]!; t < this.termStart[o + 1]!; t++) list[next[this.termIds[t]!]!++] = o;
    }
    return { start, list };
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
    const from = lowerBound(this.lexicon, term.lexeme);
    if (!term.prefix) return this.lexicon[from] === term.lexeme ? [from, from + 1] : [from, from];
    let to = from;
    while (to < this.lexicon.length && this.lexicon[to]!.startsWith(term.lexeme)) to++;
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

  /** Product `o`'s positions of each of its lexemes in [from, to), in lexeme order. */
  entries(o: number, range: [number, number]): Uint16Array[] {
    const found: Uint16Array[] = [];
    let low = this.termStart[o]!;
    let high = this.termStart[o + 1]!;
    const end = high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.termIds[middle]! < range[0]) low = middle + 1;
      else high = middle;
    }
    for (let t = low; t < end && this.termIds[t]! < range[1]; t++) {
      found.push(this.positions.subarray(this.positionStart[t]!, this.positionStart[t + 1]!));
    }
    return found;
  }

  /** Whether product `o` has no lexeme at all. */
  isEmpty(o: number): boolean {
    return this.termStart[o] === this.termStart[o + 1];
  }

  /** Bytes held in typed arrays (the memory report). */
  get byteLength(): number {
    return [this.postingStart, this.postings, this.termStart, this.termIds, this.positionStart, this.positions].reduce(
      (sum, array) => sum + array.byteLength,
      0,
    );
  }
}

/** The first place in `sorted` (byte order) whose value is not before `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareBytes(sorted[middle]!, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
