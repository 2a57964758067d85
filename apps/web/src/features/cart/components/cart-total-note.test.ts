import { describe, expect, it } from 'vitest';
import { cartTotalNote } from './cart-total-note';

describe('cartTotalNote (the header total says when charges are in it)', () => {
  it('says so when there are charges', () => {
    expect(cartTotalNote(25)).toBe('incl. charges');
    expect(cartTotalNote(0.01)).toBe('incl. charges');
  });

  it('says nothing when the total is the items alone', () => {
    expect(cartTotalNote(0)).toBeNull();
  });
});
