import { describe, expect, it } from 'vitest';
import { BULK_PRICING_TIER_LABELS, bulkPricingTiers, parseNetPrice } from './bulk-pricing.js';

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
    [null, 0],
    [undefined, 0],
  ])('parses %j as %j', (input, expected) => {
    expect(parseNetPrice(input)).toBe(expected);
  });
});
