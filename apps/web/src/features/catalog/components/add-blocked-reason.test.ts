import { describe, expect, it } from 'vitest';
import { addBlockedReason } from './add-blocked-reason';

const catalogs = [
  { id: 'lifts', label: 'Lifts & Equipment' },
  { id: 'show', label: 'SEMA Show Specials' },
];

describe('addBlockedReason (why a tile cannot add)', () => {
  it('allows adding to an empty cart or to the cart of the same catalog', () => {
    expect(addBlockedReason(null, 'show', catalogs)).toBeNull();
    expect(addBlockedReason('show', 'show', catalogs)).toBeNull();
  });

  it("names the cart's catalog when the product is of another one", () => {
    expect(addBlockedReason('lifts', 'show', catalogs)).toBe(
      'Your cart holds items from Lifts & Equipment. Check out or clear it to add from this catalog.',
    );
  });

  it('still says why when the cart catalog is not among the user catalogs', () => {
    expect(addBlockedReason('retired', 'show', catalogs)).toBe(
      'Your cart holds items from another catalog. Check out or clear it to add from this catalog.',
    );
  });
});
