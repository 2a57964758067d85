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

  /** A hash of string `i`: hashOfText's of the same text. */
  hashOf(i: number): number {
    return hashOfText(this.joined, this.starts[i]!, this.starts[i + 1]!);
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

/** FNV-1a over the UTF-16 units of `text[from ..< to]`, as an unsigned 32-bit number. */
export function hashOfText(text: string, from = 0, to = text.length): number {
  let hash = 0x811c9dc5;
  for (let k = from; k < to; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash >>> 0;
}

/**
 * Exact lookups of a PackedStrings' strings by hash: a table of ordinals in one Int32Array (open
 * addressing, at most half full; ~10 bytes a string). A binary search of 200,000 packed SKUs reads
 * ~18 places scattered over megabytes, each a likely cache miss: measured at several microseconds a
 * lookup, half a millisecond of the server's thread for a 50-SKU cart. This reads one or two.
 */
export class PackedStringsLookup {
  /** Ordinal + 1 at the slot of its hash (0: empty). */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(private readonly strings: PackedStrings) {
    const capacity = 2 ** Math.ceil(Math.log2(Math.max(2, strings.length * 2)));
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < strings.length; i++) {
      let slot = strings.hashOf(i) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }

  /** The place of `text` (the first, if held twice), -1 when absent. */
  indexOf(text: string): number {
    for (let slot = hashOfText(text) & this.mask; this.slots[slot] !== 0; slot = (slot + 1) & this.mask) {
      const i = this.slots[slot]! - 1;
      if (this.strings.equals(i, text)) return i;
    }
    return -1;
  }

  get approximateBytes(): number {
    return this.slots.byteLength;
  }
}
