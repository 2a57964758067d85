import { describe, expect, it } from 'vitest';
import { orderItemsTotalCents, orderLineAmountCents } from './line-totals.js';

describe('order line amounts', () => {
  it('multiplies the price in cents by the quantity', () => {
    expect(orderLineAmountCents({ price: 1299.99 }, 3)).toBe(389_997);
    expect(orderLineAmountCents({ price: 0.1 }, 3)).toBe(30);
    expect(orderLineAmountCents({ price: 12.5 }, 0)).toBe(0);
  });

  it('rounds the price to the cent before multiplying', () => {
    // 10.004 * 3 would be 3001.2 cents; the line is 1000 cents three times.
    expect(orderLineAmountCents({ price: 10.004 }, 3)).toBe(3000);
  });

  it('sums the lines at the quantity ordered', () => {
    const lines = [
      { price: 4999, quantityOrdered: 1 },
      { price: 24.95, quantityOrdered: 4 },
      { price: 0, quantityOrdered: 7 },
    ];
    expect(orderItemsTotalCents(lines)).toBe(499_900 + 9_980);
    expect(orderItemsTotalCents([])).toBe(0);
  });
});
