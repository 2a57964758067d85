/**
 * Sets of product ordinals as bitsets (a Uint32Array, bit `o & 31` of word `o >>> 5`): what the
 * in-process index (search-index.ts, search-documents.ts) matches, filters and counts with.
 */

export const hasBit = (bits: Uint32Array, o: number) => (bits[o >>> 5]! & (1 << (o & 31))) !== 0;

export function orInto(target: Uint32Array, source: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! |= source[w]!;
}

export function andInto(target: Uint32Array, source: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! &= source[w]!;
}

/** The number of set bits. */
export function bitCount(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/** Calls `visit` for every set bit, in ordinal order; `visit` may clear bits (of its own word too: each word is read once). */
export function forEachBit(bits: Uint32Array, visit: (o: number) => unknown): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      visit((w << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
