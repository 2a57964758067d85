/**
 * A small seeded pseudo-random generator (mulberry32) and the helpers the generators need.
 * Every generator draws from its own stream, derived from the fixed seed and a label, so a change in
 * one part of the data (say, product descriptions) does not shift the random draws of another
 * (say, order history) and the demo set stays stable across edits.
 */

export const SEED = 20260214;

export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key of `weights` with probability proportional to its weight. */
  weighted<K extends string | number>(weights: readonly (readonly [K, number])[]): K;
  /** A uniformly random subset of `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[];
  digits(count: number): string;
};

/** 32-bit string hash (FNV-1a), used to turn labels into stream seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes several integers into one well-spread 32-bit seed (murmur3 finalizer per step). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A generator for the stream named `label` (and optionally an index, e.g. one stream per product). */
export function rngFor(label: string, index = 0): Rng {
  return createRng(mixSeed(SEED, hashString(label), index));
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32: tiny, fast, and good enough for test data.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (weights) => {
      let total = 0;
      for (const [, w] of weights) total += w;
      let r = next() * total;
      for (const [key, w] of weights) {
        r -= w;
        if (r < 0) return key;
      }
      return weights[weights.length - 1]![0];
    },
    sample: (items, count) => {
      // Selection sampling (Knuth's algorithm S): one pass, keeps the original order.
      const out: (typeof items)[number][] = [];
      let needed = Math.min(count, items.length);
      for (let i = 0; i < items.length && needed > 0; i++) {
        if (next() * (items.length - i) < needed) {
          out.push(items[i]!);
          needed--;
        }
      }
      return out;
    },
    digits: (count) => {
      let s = '';
      for (let i = 0; i < count; i++) s += Math.floor(next() * 10);
      return s;
    },
  };
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base 32: no I, L, O, U.

/**
 * An 8-character code that looks random but is unique per index: a 4-round Feistel network is a
 * bijection on 40 bits, so distinct indexes can never collide (random codes would, at a million orders).
 */
export function uniqueCode(index: number, key = SEED): string {
  let left = Math.floor(index / 0x100000) & 0xfffff;
  let right = index & 0xfffff;
  for (let round = 0; round < 4; round++) {
    const f = (Math.imul((right ^ mixSeed(key, round)) >>> 0, 0x9e3779b1) >>> 12) & 0xfffff;
    [left, right] = [right, left ^ f];
  }
  let value = left * 0x100000 + right;
  let code = '';
  for (let i = 0; i < 8; i++) {
    code = CODE_ALPHABET[value % 32]! + code;
    value = Math.floor(value / 32);
  }
  return code;
}
