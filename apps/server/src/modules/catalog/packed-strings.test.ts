import { describe, expect, it } from 'vitest';
import { PackedStrings, PackedStringsLookup } from './packed-strings.js';
import { compareBytes } from './tsquery.js';

const values = ['AB-100', 'ab-100', '', 'lift', 'lifts', 'li', 'zé', 'z\u{1F600}', 'z\uFB01', 'Z', 'two post lift'];

describe('PackedStrings', () => {
  const packed = new PackedStrings(values);

  it('gives every string back, with its length', () => {
    expect(packed.length).toBe(values.length);
    expect(packed.toArray()).toEqual(values);
    values.forEach((value, i) => {
      expect(packed.at(i)).toBe(value);
      expect(packed.lengthOf(i)).toBe(value.length);
    });
  });

  it('answers equality and prefixes without reading a neighbour', () => {
    expect(packed.equals(3, 'lift')).toBe(true);
    expect(packed.equals(3, 'lifts')).toBe(false);
    expect(packed.equals(2, '')).toBe(true);
    expect(packed.startsWith(4, 'lift')).toBe(true);
    expect(packed.startsWith(5, 'lif')).toBe(false);
    expect(packed.startsWith(3, '')).toBe(true);
  });

  it('finds a text within one string, never across into the next', () => {
    expect(packed.includes(10, 'post')).toBe(true);
    expect(packed.includes(3, 'lift')).toBe(true);
    expect(packed.includes(3, 'tl')).toBe(false); // 'lift' then 'lifts'
    expect(packed.includes(4, 'lifts')).toBe(true);
    expect(packed.holding('li')).toEqual([3, 4, 5, 10]);
    expect(packed.holding('tsl')).toEqual([]); // 'lifts' then 'li'
    expect(packed.holding('10')).toEqual([0, 1]);
  });

  it('compares in byte order as compareBytes does, beyond the surrogate range too', () => {
    const sign = (n: number) => Math.sign(n);
    values.forEach((a, i) => {
      values.forEach((b, j) => {
        expect(sign(packed.compare(i, j)), `${a} vs ${b}`).toBe(sign(compareBytes(a, b)));
        expect(sign(packed.compareWith(i, b)), `${a} vs ${b}`).toBe(sign(compareBytes(a, b)));
      });
    });
  });

  it('finds the first place of a string of its own', () => {
    const lookup = new PackedStringsLookup(packed);
    values.forEach((value, i) => expect(lookup.indexOf(value), value).toBe(i));
    for (const absent of ['lif', 'liftss', 'ab-10', 'AB-1000', 'zz', 'z', 'two post']) expect(lookup.indexOf(absent), absent).toBe(-1);
    expect(new PackedStringsLookup(new PackedStrings(['a', 'b', 'a'])).indexOf('a')).toBe(0);
    expect(new PackedStringsLookup(new PackedStrings([])).indexOf('a')).toBe(-1);
  });

  it('finds each of many SKUs, whose hashes share slots, and nothing else', () => {
    const skus = Array.from({ length: 20_000 }, (_, i) => `LFT-${String(i).padStart(6, '0')}`);
    const lookup = new PackedStringsLookup(new PackedStrings(skus));
    skus.forEach((sku, i) => {
      if (lookup.indexOf(sku) !== i) expect(lookup.indexOf(sku), sku).toBe(i);
    });
    for (let i = 20_000; i < 40_000; i++) {
      const absent = `LFT-${String(i).padStart(6, '0')}`;
      if (lookup.indexOf(absent) !== -1) expect(lookup.indexOf(absent), absent).toBe(-1);
    }
    expect(lookup.approximateBytes).toBe(65_536 * 4);
  });
});
