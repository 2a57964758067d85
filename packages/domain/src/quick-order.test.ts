import { describe, expect, it } from 'vitest';
import { parseQuickOrder, parseQuickOrderQuantity, QUICK_ORDER_MAX_LINES, QUICK_ORDER_MESSAGES } from './quick-order-rules.js';
import { rejectedLineText } from './quick-order-reasons.js';

describe('parseQuickOrder', () => {
  it('reads "SKU, quantity", "SKU quantity", tab-separated and semicolon lines', () => {
    const text = ['PBYAX-0104, 2', 'RMSTC-2400 3', 'APX2P-10000\t1', 'AFGAX-0050;12'].join('\n');
    expect(parseQuickOrder(text)).toEqual({
      lines: [
        { line: 1, sku: 'PBYAX-0104', quantity: 2 },
        { line: 2, sku: 'RMSTC-2400', quantity: 3 },
        { line: 3, sku: 'APX2P-10000', quantity: 1 },
        { line: 4, sku: 'AFGAX-0050', quantity: 12 },
      ],
      errors: [],
      problem: null,
    });
  });

  it('upper-cases and trims SKUs, drops CSV quotes, accepts CRLF and a BOM', () => {
    const parsed = parseQuickOrder('\uFEFF  "pbyax-0104" , "5" \r\nrmstc-2400,1\r\n');
    expect(parsed.lines).toEqual([
      { line: 1, sku: 'PBYAX-0104', quantity: 5 },
      { line: 2, sku: 'RMSTC-2400', quantity: 1 },
    ]);
  });

  it('skips blank lines but keeps counting them, so errors name the line the dealer sees', () => {
    const parsed = parseQuickOrder('PBYAX-0104,1\n\n   \nRMSTC-2400,x\n');
    expect(parsed.lines).toEqual([{ line: 1, sku: 'PBYAX-0104', quantity: 1 }]);
    expect(parsed.errors).toEqual([{ line: 4, sku: 'RMSTC-2400', reason: 'badQuantity' }]);
  });

  it.each([
    ['no quantity', 'PBYAX-0104'],
    ['a zero', 'PBYAX-0104,0'],
    ['a negative number', 'PBYAX-0104,-2'],
    ['a fraction', 'PBYAX-0104,1.5'],
    ['more than 99,999', 'PBYAX-0104,100000'],
    ['a word', 'PBYAX-0104,two'],
    ['a third column', 'PBYAX-0104,2,3'],
  ])('refuses %s as a bad quantity', (_name, text) => {
    // A second, valid line keeps the first from being read as a header.
    const parsed = parseQuickOrder(`RMSTC-2400,1\n${text}`);
    expect(parsed.errors).toEqual([{ line: 2, sku: 'PBYAX-0104', reason: 'badQuantity' }]);
  });

  it('refuses a line without a SKU', () => {
    expect(parseQuickOrder('RMSTC-2400,1\n,4').errors).toEqual([{ line: 2, sku: '', reason: 'missingSku' }]);
  });

  it('skips a header row (SKU,Quantity) only as the first line', () => {
    expect(parseQuickOrder('SKU,Quantity\nPBYAX-0104,2').lines).toEqual([{ line: 2, sku: 'PBYAX-0104', quantity: 2 }]);
    expect(parseQuickOrder('sku\tqty\nPBYAX-0104\t2').lines).toEqual([{ line: 2, sku: 'PBYAX-0104', quantity: 2 }]);
    expect(parseQuickOrder('PBYAX-0104,2\nSKU,Quantity').errors).toEqual([{ line: 2, sku: 'SKU', reason: 'badQuantity' }]);
  });

  it('keeps repeated SKUs as separate lines (the cart adds them up)', () => {
    expect(parseQuickOrder('PBYAX-0104,2\nPBYAX-0104,3').lines).toHaveLength(2);
  });

  it(`accepts ${QUICK_ORDER_MAX_LINES} lines and refuses one more`, () => {
    const lines = Array.from({ length: QUICK_ORDER_MAX_LINES }, (_, i) => `SKU-${i},1`);
    expect(parseQuickOrder(lines.join('\n')).lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parseQuickOrder([...lines, 'SKU-X,1'].join('\n'))).toEqual({
      lines: [],
      errors: [],
      problem: QUICK_ORDER_MESSAGES.tooManyLines,
    });
  });

  it('says so when there is nothing to order', () => {
    expect(parseQuickOrder(' \n\n').problem).toBe(QUICK_ORDER_MESSAGES.empty);
    expect(parseQuickOrder('SKU,Quantity\n').problem).toBe(QUICK_ORDER_MESSAGES.empty);
  });
});

describe('parseQuickOrderQuantity', () => {
  it('takes digits from 1 to 99,999', () => {
    expect(parseQuickOrderQuantity(' 7 ')).toBe(7);
    expect(parseQuickOrderQuantity('99999')).toBe(99_999);
    expect(parseQuickOrderQuantity('0')).toBeNull();
    expect(parseQuickOrderQuantity('1e3')).toBeNull();
    expect(parseQuickOrderQuantity(undefined)).toBeNull();
  });
});

describe('rejectedLineText', () => {
  it('names the line, the SKU and the reason', () => {
    expect(rejectedLineText({ line: 3, sku: 'XYZ-1', message: 'unknown SKU' })).toBe('line 3 (XYZ-1): unknown SKU');
    expect(rejectedLineText({ line: 4, sku: '', message: 'no SKU' })).toBe('line 4: no SKU');
  });
});
