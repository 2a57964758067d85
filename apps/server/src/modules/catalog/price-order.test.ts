import { describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng.js';
import { PriceOrder } from './price-order.js';

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
    const random = createRng(7);
    const prices = Int32Array.from({ length: 2000 }, () => random.int(0, 299));
    const order = new PriceOrder(prices);
    for (let batch = 0; batch < 30; batch++) {
      const size = random.int(0, 199);
      for (let i = 0; i < size; i++) {
        const o = random.int(0, prices.length - 1);
        prices[o] = random.int(0, 299);
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
