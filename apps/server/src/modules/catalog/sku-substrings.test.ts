/**
 * SKU substrings from trigram posting lists (sku-substrings.ts) answer exactly what testing every
 * SKU with `includes` answers: texts of every length, texts spanning dashes, characters no SKU
 * holds, a trigram standing twice in one SKU, and the text at a SKU's very start and end.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/catalog-queries.js';
import { PackedStrings } from './packed-strings.js';
import { SkuSubstrings } from './sku-substrings.js';

const everySku = (keys: string[], text: string) => keys.flatMap((key, o) => (key.includes(text) ? [o] : []));

describe('SKU substrings', () => {
  const keys = ['apx2p-10000', 'apx2p-10001', 'apx4p-12000', 'aaa-aaa', 'kl-9100', 'tq-6', 'ir-8', 'ir-88', 'x', 'zz-ø9'];
  const index = new SkuSubstrings(new PackedStrings(keys));

  it.each(['a', 'ap', 'apx', 'apx2p-1000', 'x2p-1', '0001', '-', 'p-1', 'aaa', 'aa-a', 'ir-8', 'r-8', '8', 'ø9', 'z-ø', 'x'])(
    'finds the SKUs holding %j, each once, in ordinal order',
    (text) => {
      expect(index.holders(text)).toEqual(everySku(keys, text));
    },
  );

  it('finds nothing for a character no SKU holds, a text spanning two SKUs, or a text longer than any SKU', () => {
    expect(index.holders('w')).toEqual([]);
    expect(index.holders('apw')).toEqual([]);
    expect(index.holders('10000apx')).toEqual([]);
    expect(index.holders('00\napx')).toEqual([]);
    // The SKUs are held joined without a separator: 'ir-8' then 'ir-88', and 'x' then 'zz-ø9'.
    expect(index.holders('8i')).toEqual([]);
    expect(index.holders('8ir-')).toEqual([]);
    expect(index.holders('xz')).toEqual([]);
    expect(index.holders('apx2p-10000-extra')).toEqual([]);
  });

  it('agrees with testing every SKU for random SKUs and texts', () => {
    const random = seededRandom(11);
    const alphabet = 'abc-12.';
    const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const many = Array.from({ length: 400 }, () => word(1 + Math.floor(random() * 9)));
    const large = new SkuSubstrings(new PackedStrings(many));
    for (let i = 0; i < 500; i++) {
      const text = word(1 + Math.floor(random() * 5));
      expect(large.holders(text), text).toEqual(everySku(many, text));
    }
  });
});
