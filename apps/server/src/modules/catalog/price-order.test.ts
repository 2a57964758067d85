import { describe, expect, it } from 'vitest';
import { PriceOrder } from './price-order.js';

/** mulberry32: a failing draw can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sortedByPrice = (prices: Int32Array) => [...prices.keys()].sort((a, b) => prices[a]! - prices[b]! || a - b);

describe('PriceOrder', () => {
  it('orders by price, ties by ordinal', () => {
    const prices = Int32Array.from([500, 100, 500, 100, 300]);
    expect([...new PriceOrder(prices).ascending()]).toEqual([1, 3, 4, 0, 2]);
  });

  it('orders the int32 extremes', () => {
    const prices = Int32Array.from([2 ** 31 - 1, -1, 0, -(2 ** 31), 2 ** 31 - 1, 7]);
    expect([...new PriceOrder(prices).ascending()]).toEqual(sortedByPrice(prices));
  });

  it('stays the order of a full sort through batches of repriced products', () => {
    const random = seeded(7);
    const prices = Int32Array.from({ length: 2000 }, () => Math.floor(random() * 300));
    const order = new PriceOrder(prices);
    for (let batch = 0; batch < 30; batch++) {
      const size = Math.floor(random() * 200);
      for (let i = 0; i < size; i++) {
        const o = Math.floor(random() * prices.length);
        prices[o] = Math.floor(random() * 300);
        order.repriced(o);
      }
      expect([...order.ascending()], `batch ${batch}`).toEqual(sortedByPrice(prices));
    }
  });

  it('moves a product repriced twice once', () => {
    const prices = Int32Array.from([10, 20, 30]);
    const order = new PriceOrder(prices);
    prices[0] = 40;
    order.repriced(0);
    prices[0] = 25;
    order.repriced(0);
    expect([...order.ascending()]).toEqual([1, 0, 2]);
  });
});
