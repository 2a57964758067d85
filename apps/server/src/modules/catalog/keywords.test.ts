import { describe, expect, it } from 'vitest';
import { compactSku, keywordPlan } from './keywords.js';

describe('keywordPlan', () => {
  it('is null for blank keywords', () => {
    expect(keywordPlan('')).toBeNull();
    expect(keywordPlan('   ')).toBeNull();
    expect(keywordPlan(null)).toBeNull();
  });

  it('builds prefix lexemes joined by AND, and per-word label patterns', () => {
    expect(keywordPlan('  Two   Post ')).toEqual({
      text: 'Two Post',
      lower: 'two post',
      containsPattern: '%two post%',
      prefixPattern: 'two post%',
      tsQuery: "'Two':* & 'Post':*",
      labelPatterns: ['%two%', '%post%'],
      skuCompact: 'twopost',
      skuCompactEnd: 'twopost~',
    });
  });

  it('compacts a SKU in any case, without dashes, spaces or dots (issue 32)', () => {
    for (const typed of ['IRP4P-14000', 'irp4p14000', 'Irp4p 14000', ' irp4p.14000 ']) {
      expect(keywordPlan(typed)).toMatchObject({ skuCompact: 'irp4p14000', skuCompactEnd: 'irp4p14000~' });
    }
    expect(compactSku('APX2P-10000')).toBe('apx2p10000');
    // Too short to be a useful SKU prefix.
    expect(keywordPlan('a-')?.skuCompact).toBeNull();
  });

  it('keeps SKU punctuation inside a word and drops it at the edges', () => {
    expect(keywordPlan('APX2P-10000')?.tsQuery).toBe("'APX2P-10000':*");
    expect(keywordPlan('-lift.')?.tsQuery).toBe("'lift':*");
  });

  it('cannot break out of a tsquery lexeme', () => {
    expect(keywordPlan("a' | b:* & !c")?.tsQuery).toBe("'a':* & 'b':* & 'c':*");
    expect(keywordPlan('!!! ***')?.tsQuery).toBeNull();
  });

  it('escapes LIKE wildcards', () => {
    expect(keywordPlan('50%_off\\')).toMatchObject({ containsPattern: '%50\\%\\_off\\\\%', prefixPattern: '50\\%\\_off\\\\%' });
  });
});
