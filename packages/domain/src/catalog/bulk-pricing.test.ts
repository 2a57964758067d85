import { describe, expect, it } from 'vitest';
import { BULK_PRICING_TIER_LABELS, bulkPricingTiers, netPriceError, parseNetPrice, readNetPrice } from './bulk-pricing.js';

describe('bulkPricingTiers (spec 9)', () => {
  it('takes 2% off the net price, then 2% off each previous tier, in whole numbers', () => {
    // 1000 → 980 → 960 (960.4) → 941 (940.8) → 922 (922.18) → 904 (903.56)
    expect(bulkPricingTiers(1000).map((t) => t.price)).toEqual([980, 960, 941, 922, 904]);
  });

  it('labels the five tiers as the spec does', () => {
    expect(bulkPricingTiers(100).map((t) => t.label)).toEqual(['5-10', '11-19', '20-50', '51-100', '100+']);
    expect(BULK_PRICING_TIER_LABELS).toHaveLength(5);
  });

  it('rounds each tier before the next discount', () => {
    // 2499.99 * 0.98 = 2449.99 → 2450; 2450 * 0.98 = 2401; 2352.98 → 2353; 2305.94 → 2306; 2259.88 → 2260
    expect(bulkPricingTiers(2499.99).map((t) => t.price)).toEqual([2450, 2401, 2353, 2306, 2260]);
  });

  it('gives zeros for zero or an invalid price', () => {
    expect(bulkPricingTiers(0).map((t) => t.price)).toEqual([0, 0, 0, 0, 0]);
    expect(bulkPricingTiers(Number.NaN).map((t) => t.price)).toEqual([0, 0, 0, 0, 0]);
    expect(bulkPricingTiers(-50).map((t) => t.price)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('parseNetPrice (spec 5)', () => {
  it.each([
    ['1234.5', 1234.5],
    [' 99 ', 99],
    ['0', 0],
    ['', 0],
    ['abc', 0],
    ['12abc', 0],
    ['-5', 0],
    ['Infinity', 0],
    [42, 42],
    ['$1,000', 1000],
    ['1,000', 1000],
    ['$1000', 1000],
    [null, 0],
    [undefined, 0],
  ])('parses %j as %j', (input, expected) => {
    expect(parseNetPrice(input)).toBe(expected);
  });
});

describe('readNetPrice (issue 34: no silent zero)', () => {
  it.each([
    ['$1,000', 1000],
    ['1,000', 1000],
    ['$1000', 1000],
    [' $ 1,234.50 ', 1234.5],
    ['1,000,000', 1000000],
    ['.5', 0.5],
    ['0', 0],
  ])('reads %j as the price %j, dollar signs and commas stripped', (input, value) => {
    expect(readNetPrice(input)).toEqual({ kind: 'price', value });
  });

  it.each(['abc', '12abc', '-5', '1.2.3', '$', ',', 'Infinity', '1e3'])('reports %j as unreadable, naming the entry', (input) => {
    expect(readNetPrice(input)).toEqual({ kind: 'unreadable', entry: input });
  });

  it('trims the entry it names', () => {
    expect(readNetPrice('  ten dollars ')).toEqual({ kind: 'unreadable', entry: 'ten dollars' });
  });

  it('treats nothing typed as empty, not as an error', () => {
    expect(readNetPrice('')).toEqual({ kind: 'empty' });
    expect(readNetPrice('   ')).toEqual({ kind: 'empty' });
    expect(readNetPrice(null)).toEqual({ kind: 'empty' });
    expect(readNetPrice(undefined)).toEqual({ kind: 'empty' });
  });

  it('reads numbers as they are, refusing negative and non-finite ones', () => {
    expect(readNetPrice(42)).toEqual({ kind: 'price', value: 42 });
    expect(readNetPrice(-1)).toEqual({ kind: 'unreadable', entry: '-1' });
    expect(readNetPrice(Number.NaN)).toEqual({ kind: 'unreadable', entry: 'NaN' });
  });

  it('names the entry in its message', () => {
    expect(netPriceError('abc')).toContain('"abc"');
  });
});
