/**
 * Many short strings held as one: their concatenation and where each starts (decision 025). A
 * catalog index keeps four strings per product (SKU, lower SKU, dashless SKU, label key) and a
 * lexicon of ~450,000 lexemes on the M set; as separate strings they cost ~60 MB of heap (a
 * 12-character SKU is a 32-byte object plus its 8-byte slot in an array, and finding an ordinal by
 * SKU took a 7 MB Map), every byte of it heap the collector marks and lets grow. Packed, they cost
 * their characters and four bytes each.
 *
 * Reading one back (`at`) makes a new string, so the hot paths ask questions of the packed text
 * instead: `equals`, `startsWith`, and comparisons in byte order (the C collation's order, as
 * tsquery.ts compareBytes) without making strings where the text is below the surrogate range.
 */
import { compareBytes } from './tsquery.js';

/** The first UTF-16 unit whose order differs from UTF-8 byte order (compareBytes). */
const SURROGATES = 0xd800;

export class PackedStrings {
  readonly length: number;
  private readonly joined: string;
  /** String `i` is joined[starts[i] ..< starts[i + 1]]. */
  private readonly starts: Uint32Array;

  constructor(values: readonly string[]) {
    this.length = values.length;
    this.joined = values.join('');
    this.starts = new Uint32Array(values.length + 1);
    for (let i = 0; i < values.length; i++) this.starts[i + 1] = this.starts[i]! + values[i]!.length;
  }

  /** String `i` (a new string). */
  at(i: number): string {
    return this.joined.slice(this.starts[i], this.starts[i + 1]);
  }

  lengthOf(i: number): number {
    return this.starts[i + 1]! - this.starts[i]!;
  }

  equals(i: number, text: string): boolean {
    return this.lengthOf(i) === text.length && this.joined.startsWith(text, this.starts[i]);
  }

  startsWith(i: number, prefix: string): boolean {
    return this.lengthOf(i) >= prefix.length && this.joined.startsWith(prefix, this.starts[i]);
  }

  /** Whether string `i` holds `text` anywhere (within it: never across into the next). */
  includes(i: number, text: string): boolean {
    const last = this.starts[i + 1]! - text.length;
    for (let at = this.starts[i]!; at <= last; at++) if (this.joined.startsWith(text, at)) return true;
    return false;
  }

  /**
   * The strings holding `text` (not empty), ascending, each once: one `indexOf` walk of the joined
   * text, faster than testing every string when the text is short (a place that runs across two
   * strings is skipped).
   */
  holding(text: string): number[] {
    const found: number[] = [];
    for (let at = this.joined.indexOf(text); at >= 0; at = this.joined.indexOf(text, at + 1)) {
      let low = 0;
      let high = this.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.starts[middle + 1]! <= at) low = middle + 1;
        else high = middle;
      }
      if (at + text.length <= this.starts[low + 1]! && found[found.length - 1] !== low) found.push(low);
    }
    return found;
  }

  /** String `i` against `text` in byte order (negative: `i` first). */
  compareWith(i: number, text: string): number {
    return this.compareTo(i, text, 0, text.length);
  }

  /** Strings `i` and `j` in byte order (negative: `i` first). */
  compare(i: number, j: number): number {
    return this.compareTo(i, this.joined, this.starts[j]!, this.lengthOf(j));
  }

  /** String `i` against `other[from ..< from + length]` in byte order, without making strings below the surrogate range. */
  private compareTo(i: number, other: string, from: number, length: number): number {
    const own = this.starts[i]!;
    const ownLength = this.lengthOf(i);
    const common = Math.min(ownLength, length);
    for (let k = 0; k < common; k++) {
      const a = this.joined.charCodeAt(own + k);
      const b = other.charCodeAt(from + k);
      if (a === b) continue;
      if (a >= SURROGATES || b >= SURROGATES) return compareBytes(this.at(i), other.slice(from, from + length));
      return a - b;
    }
    return ownLength - length;
  }

  /** When the strings are in byte order (each after the one before): the first place whose string is not before `text`. */
  lowerBound(text: string): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareWith(middle, text) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** When the strings are in byte order: the place of `text`, -1 when absent. */
  indexOfSorted(text: string): number {
    const place = this.lowerBound(text);
    return place < this.length && this.equals(place, text) ? place : -1;
  }

  /** Every string, in order (the index bench's word draw). */
  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }

  /** Bytes held: the characters (one byte each while all are Latin-1, as V8 keeps them) and the starts. */
  get approximateBytes(): number {
    return this.joined.length + this.starts.byteLength;
  }
}
