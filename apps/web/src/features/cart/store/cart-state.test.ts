/**
 * The cart's rules (spec 4 "Cart", spec 8 notifications) in Node: adding, quantities, catalogs,
 * charges, totals and price overrides. The toasts are recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage, item, sessionOf, type Toast } from './store-test-fixtures';

const { toasts } = vi.hoisted(() => ({ toasts: [] as Toast[] }));
vi.mock('@/lib/notify', () => ({
  notify: {
    success: (message: string) => toasts.push({ kind: 'success', message }),
    warning: (message: string) => toasts.push({ kind: 'warning', message }),
    error: (message: string) => toasts.push({ kind: 'error', message }),
  },
}));
vi.mock('@/lib/api-client', () => ({ api: () => Promise.resolve([]) }));

installMemoryStorage();
await import('./index');
const store = await import('./cart-state');
const session = await import('@/lib/session-store');

beforeEach(() => {
  session.setSession(sessionOf('a@dealer.example.com'));
  session.chooseBranch(101);
  store.clearCart();
  toasts.length = 0;
});
afterEach(() => {
  session.clearSession();
});

describe('adding and updating', () => {
  it('binds the cart to the catalog of its first item and adds to the quantity', () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    store.addToCart('lifts', item('A-1', 10), 2);
    const cart = store.getCart();
    expect(cart.catalog).toBe('lifts');
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ sku: 'A-1', quantity: 3, price: 10, originalPrice: 10, priceOverride: null });
    expect(toasts).toEqual([
      { kind: 'success', message: 'Added A-1 to the cart!' },
      { kind: 'success', message: 'Added A-1 to the cart!' },
    ]);
  });

  it("rejects another catalog's item with a warning, and accepts it once the cart is empty", () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    store.addToCart('show', item('S-1', 5), 1);
    store.setCartQuantity('show', item('S-1', 5), 2);
    expect(store.getCart().items.map((i) => i.sku)).toEqual(['A-1']);
    expect(toasts.slice(1)).toEqual([
      { kind: 'warning', message: 'Cannot add or update items from different catalogs!' },
      { kind: 'warning', message: 'Cannot add or update items from different catalogs!' },
    ]);
    store.removeFromCart('A-1');
    expect(store.getCart().catalog).toBeNull();
    store.addToCart('show', item('S-1', 5), 1);
    expect(store.getCart().catalog).toBe('show');
  });

  it("takes the fallback catalog id 'portal' for the user's first catalog", () => {
    store.addToCart('portal', item('A-1', 10), 1);
    expect(store.getCart().catalog).toBe('lifts');
    store.addToCart('lifts', item('A-2', 10), 1);
    expect(store.getCart().items).toHaveLength(2);
  });

  it('sets quantities, and a quantity of 0 removes the item', () => {
    store.setCartQuantity('lifts', item('A-1', 10), 2);
    store.setCartQuantity('lifts', item('A-1', 10), 5);
    store.updateItemQuantity('A-1', 6);
    store.setCartQuantity('lifts', item('A-1', 10), 0);
    expect(store.getCart().items).toEqual([]);
    expect(toasts).toEqual([
      { kind: 'success', message: 'Added A-1 to the cart!' },
      { kind: 'success', message: 'Updated quantity to 5 for A-1!' },
      { kind: 'success', message: 'Updated quantity to 6 for A-1!' },
      { kind: 'warning', message: 'Removed A-1 from the cart!' },
    ]);
  });

  it('recalculates charges and totals on every change with the organization fees', () => {
    store.addToCart('lifts', item('L-1', 100, { requiresLiftGate: true }), 2);
    let cart = store.getCart();
    // The notice starts declined (spec 4: declined when the cart is empty); liftgate accepted.
    expect(cart.charges.notice).toMatchObject({ required: true, declined: true });
    expect(cart.charges.liftgate).toMatchObject({ required: true, declined: false, amount: 95 });
    expect(cart.grandTotal).toBe(295);
    store.setChargeDeclined('notice', false);
    store.setChargeDeclined('liftgate', true);
    cart = store.getCart();
    expect(cart.chargesSubTotal).toBe(25);
    expect(cart.grandTotal).toBe(225);
    store.addToCart('lifts', item('F-1', 1000, { requiresFlatbed: true }), 1);
    cart = store.getCart();
    expect(cart.shipvia).toBe('FLB');
    expect(cart.charges.liftgate.required).toBe(false);
    // Not declinable under flatbed: the choice is refused.
    store.setChargeDeclined('notice', true);
    expect(store.getCart().charges.notice.declined).toBe(false);
  });

  it('resets the choices when the cart empties', () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    store.setChargeDeclined('notice', false);
    store.removeFromCart('A-1');
    expect(store.getCart().choices.notice).toBe(true);
  });
});

describe('price override', () => {
  it('changes the price and keeps the original price when the organization allows it', () => {
    store.addToCart('lifts', item('A-1', 10), 3);
    store.setPriceOverride('A-1', 7.5);
    expect(store.getCart().items[0]).toMatchObject({ price: 7.5, priceOverride: 7.5, originalPrice: 10 });
    expect(store.getCart().itemsSubTotal).toBe(22.5);
    store.setPriceOverride('A-1', 10);
    expect(store.getCart().items[0]).toMatchObject({ price: 10, priceOverride: null });
  });

  it('is refused and dropped when the organization does not allow it', () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    store.setPriceOverride('A-1', 7.5);
    session.setSession(sessionOf('a@dealer.example.com', { allowPriceOverride: false }));
    expect(store.getCart().items[0]).toMatchObject({ price: 10, priceOverride: null });
    store.setPriceOverride('A-1', 5);
    expect(store.getCart().items[0]!.price).toBe(10);
  });
});
