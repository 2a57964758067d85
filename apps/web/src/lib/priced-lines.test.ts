/** The words and navigation notice of lines put into the cart (issue 20: quick order, reorder, saved cart). */
import { describe, expect, it } from 'vitest';
import { addedText, cartNoticeOf } from './priced-lines';

describe('cart notice', () => {
  it('reads only a well-formed notice from navigation state', () => {
    expect(cartNoticeOf({ cartNotice: { message: 'x', rejected: [] } })).toEqual({ message: 'x', rejected: [] });
    expect(cartNoticeOf(null)).toBeNull();
    expect(cartNoticeOf({ cartNotice: { message: 1 } })).toBeNull();
  });

  it('words what was added', () => {
    expect(addedText(0, 0)).toBe('Nothing was added to the cart.');
    expect(addedText(1, 1)).toBe('Added 1 line (1 unit) to the cart.');
    expect(addedText(3, 9)).toBe('Added 3 lines (9 units) to the cart.');
  });
});
