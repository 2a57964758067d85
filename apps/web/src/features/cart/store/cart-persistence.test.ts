/**
 * The cart's stored copy (spec 4 "Cart"): one per user under `portal.cart.<email>`, read back
 * when that user signs in, damaged copies ignored, removed at logout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage, item, sessionOf } from './store-test-fixtures';

vi.mock('@/lib/notify', () => ({ notify: { success: () => undefined, warning: () => undefined, error: () => undefined } }));
vi.mock('@/lib/api-client', () => ({ api: () => Promise.resolve([]) }));

const memory = installMemoryStorage();
await import('./index');
const store = await import('./cart-state');
const session = await import('@/lib/session-store');

const A = 'a@dealer.example.com';
const B = 'b@dealer.example.com';

beforeEach(() => {
  session.setSession(sessionOf(A));
  session.chooseBranch(101);
  store.clearCart();
});
afterEach(() => {
  session.clearSession();
});

describe('storage per user', () => {
  it('stores the cart under the user email and loads each user their own cart', () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    const stored = JSON.parse(memory.get(`portal.cart.${A}`)!);
    expect(stored.items[0]).toMatchObject({ sku: 'A-1', quantity: 2 });
    expect(stored.catalog).toBe('lifts');

    session.setSession(sessionOf(B));
    expect(store.getCart().items).toEqual([]);
    store.addToCart('show', item('S-1', 5), 1);

    session.setSession(sessionOf(A));
    expect(store.getCart().email).toBe(A);
    expect(store.getCart().items.map((i) => [i.sku, i.quantity])).toEqual([['A-1', 2]]);
    expect(store.getCart().grandTotal).toBe(20);
  });

  it('keeps what the dealer chose, not what is recomputed on load', () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    store.setChargeDeclined('notice', false);
    const stored = JSON.parse(memory.get(`portal.cart.${A}`)!);
    expect(Object.keys(stored).sort()).toEqual(['branchNumber', 'catalog', 'choices', 'items']);
    expect(stored).toMatchObject({ branchNumber: 101, choices: { notice: false } });
  });

  it('ignores a corrupt stored cart', () => {
    session.clearSession();
    memory.set(`portal.cart.${B}`, '{"items":[{"sku":1}],"catalog":"lifts","choices":"x"}');
    session.setSession(sessionOf(B));
    expect(store.getCart().items).toEqual([]);
    expect(store.getCart().catalog).toBeNull();
  });

  it('is cleared at logout, with its stored copy', () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    session.clearSession();
    expect(store.getCart().items).toEqual([]);
    expect(store.getCart().email).toBeNull();
    expect(memory.has(`portal.cart.${A}`)).toBe(false);
  });
});
