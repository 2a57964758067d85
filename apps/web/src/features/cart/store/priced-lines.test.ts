/**
 * Priced lines into the cart (issue 20: quick order, reorder, saved cart): one change for many
 * lines, quantities merged, the 99,999 cap per item, one catalog per cart, rejected lines in order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickOrderValidateResponse } from '@portal/domain';
import { installMemoryStorage, item, sessionOf } from './store-test-fixtures';

vi.mock('@/lib/notify', () => ({ notify: { success: () => undefined, warning: () => undefined, error: () => undefined } }));
vi.mock('@/lib/api-client', () => ({ api: () => Promise.resolve([]) }));

installMemoryStorage();
await import('./index');
const store = await import('./cart-state');
const session = await import('@/lib/session-store');
const { addPricedLinesToCart } = await import('./priced-lines');

const EMAIL = 'quick@dealer.example.com';

function answer(
  lines: { line: number; sku: string; quantity: number; price?: number; reason?: 'unknownSku' | 'notInCatalog' }[],
  catalog = 'lifts',
): QuickOrderValidateResponse {
  return {
    catalog,
    branchNumber: 101,
    shipToState: 'CO',
    lines: lines.map((l) => ({
      line: l.line,
      sku: l.sku,
      quantity: l.quantity,
      reason: l.reason ?? null,
      message: l.reason === 'unknownSku' ? 'unknown SKU' : l.reason ? 'not in this catalog' : '',
      item: l.reason ? null : item(l.sku, l.price ?? 10),
      availability: l.reason ? null : { netAvailable: 5, nextReceiptDate: null, inRegion: 5, outsideRegion: 0 },
    })),
  };
}

beforeEach(() => {
  session.setSession(sessionOf(EMAIL));
  session.chooseBranch(101);
  store.clearCart();
});
afterEach(() => session.clearSession());

describe('addPricedLinesToCart', () => {
  it('adds the valid lines in one change, summing repeated SKUs and what the cart holds', () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    const outcome = addPricedLinesToCart(
      answer([
        { line: 1, sku: 'A-1', quantity: 2 },
        { line: 2, sku: 'NOPE', quantity: 1, reason: 'unknownSku' },
        { line: 4, sku: 'B-2', quantity: 3, price: 7.5 },
        { line: 5, sku: 'A-1', quantity: 4 },
      ]),
    );
    expect(outcome).toEqual({
      differentCatalog: false,
      addedLines: 3,
      addedUnits: 9,
      rejected: [{ line: 2, sku: 'NOPE', message: 'unknown SKU' }],
    });
    const cart = store.getCart();
    expect(cart.catalog).toBe('lifts');
    expect(cart.items.map((i) => [i.sku, i.quantity, i.price])).toEqual([
      ['A-1', 7, 10],
      ['B-2', 3, 7.5],
    ]);
    expect(cart.itemsSubTotal).toBe(92.5);
  });

  it('leaves out a line that would take an item past 99,999 and says so, in line order with the others', () => {
    store.addToCart('lifts', item('A-1', 10), 99_990);
    const outcome = addPricedLinesToCart(
      answer([
        { line: 3, sku: 'A-1', quantity: 10 },
        { line: 5, sku: 'B-2', quantity: 1 },
      ]),
      [{ line: 1, sku: 'C-3', message: 'bad quantity' }],
    );
    expect(outcome).toMatchObject({
      addedLines: 1,
      rejected: [
        { line: 1, sku: 'C-3', message: 'bad quantity' },
        { line: 3, sku: 'A-1', message: 'more than 99,999 in the cart' },
      ],
    });
    expect(store.getCart().items.find((i) => i.sku === 'A-1')!.quantity).toBe(99_990);
  });

  it('adds nothing to a cart of another catalog', () => {
    store.addToCart('show', item('S-1', 10), 1);
    expect(addPricedLinesToCart(answer([{ line: 1, sku: 'A-1', quantity: 1 }], 'lifts'))).toEqual({ differentCatalog: true });
    expect(store.getCart().items.map((i) => i.sku)).toEqual(['S-1']);
  });

  it("binds an empty cart to the answer's catalog only when something was added", () => {
    addPricedLinesToCart(answer([{ line: 1, sku: 'NOPE', quantity: 1, reason: 'unknownSku' }], 'show'));
    expect(store.getCart().catalog).toBeNull();
    addPricedLinesToCart(answer([{ line: 1, sku: 'S-1', quantity: 1 }], 'show'));
    expect(store.getCart().catalog).toBe('show');
  });
});
