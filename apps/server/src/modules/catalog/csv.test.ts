import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('12" pad')).toBe('"12"" pad"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('writes numbers, booleans and empty values as they are', () => {
    expect(csvRow([1.5, true, null, undefined, ''])).toBe('1.5,true,,,\r\n');
  });

  it('defuses spreadsheet formulas in text cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
  });
});
