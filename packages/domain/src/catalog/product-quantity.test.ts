import { describe, expect, it } from 'vitest';
import { productQuantityOf } from './product-quantity.js';

describe('productQuantityOf (spec 5)', () => {
  it.each([
    ['4', 0, 4],
    [' 12 ', 3, 12],
    ['', 3, 3],
    ['x', 0, 1],
    ['2.5', 2, 2],
    ['-1', 0, 1],
    ['0', 5, 5],
  ])('reads %j with %i in the cart as %i', (text, inCart, expected) => {
    expect(productQuantityOf(text, inCart)).toBe(expected);
  });
});
