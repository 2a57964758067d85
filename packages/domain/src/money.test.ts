import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, plainDollars, roundToCents, sameCents } from './money.js';

describe('cents and dollars (server-rules "Money")', () => {
  it('converts both ways, rounding to the cent', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.07 * 3)).toBe(21);
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(Number('1234.50'))).toBe(123_450);
  });

  it('rounds dollars to the cent (a price override typed with more decimals)', () => {
    expect(roundToCents(12.345)).toBe(12.35);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(roundToCents(25)).toBe(25);
  });

  it('compares dollar amounts to the cent', () => {
    expect(sameCents(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameCents(10.004, 10)).toBe(true);
    expect(sameCents(10.01, 10)).toBe(false);
  });

  it('writes whole cents as plain dollars with two decimals', () => {
    expect(plainDollars(17_500)).toBe('175.00');
    expect(plainDollars(2_505)).toBe('25.05');
    expect(plainDollars(0)).toBe('0.00');
  });
});
