/**
 * The cart store's rules (spec 4 "Cart", spec 8 notifications) in Node: localStorage is an
 * in-memory stand-in, the toasts and the API client are recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, FLAGS, item } from './store-test-fixtures';
import type { Product } from '@portal/domain';

const { memory, toasts, apiCalls, apiAnswer } = vi.hoisted(() => {
  const memory = new Map<string, string>();
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    },
  };
  return {
    memory,
    toasts: [] as { kind: string; message: string }[],
    apiCalls: [] as { path: string; body: unknown }[],
    apiAnswer: { current: (() => Promise.resolve([])) as (body: unknown) => Promise<unknown> },
  };
});

vi.mock('./notify', () => ({
  notify: {
    success: (message: string) => toasts.push({ kind: 'success', message }),
    warning: (message: string) => toasts.push({ kind: 'warning', message }),
    error: (message: string) => toasts.push({ kind: 'error', message }),
  },
}));
vi.mock('./api-client', () => ({
  api: (path: string, options: { body?: unknown }) => {
    apiCalls.push({ path, body: options.body });
    return apiAnswer.current(options.body);
  },
}));

const store = await import('./cart-store');
const session = await import('./session-store');

function product(sku: string, price: number, flags: Partial<typeof FLAGS> = {}): Product {
  return {
    sku,
    brand: 'Brand',
    model: 'M',
    catalog: 'lifts',
    price,
    msrp: price,
    availability: { netAvailable: 1, nextReceiptDate: null, inRegion: 1, outsideRegion: 0 },
    scheduledAvailability: [],
    eCommerceInformation: {
      label: `Fresh ${sku}`,
      shortDescription: 'Fresh',
      mediumDescription: '',
      longDescription: '',
      features: [],
      specifications: {},
      inTheBox: [],
      images: [`/img/${sku}.png`],
      downloads: {},
    },
    shippingInformation: { weight: 1, length: 1, width: 1, height: 1, ...FLAGS, ...flags },
  };
}

const A = 'a@dealer.example.com';
const B = 'b@dealer.example.com';

beforeEach(() => {
  session.setSession(sessionOf(A));
  session.chooseBranch(101);
  store.clearCart();
  toasts.length = 0;
  apiCalls.length = 0;
  apiAnswer.current = () => Promise.resolve([]);
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
    session.setSession(sessionOf(A, { allowPriceOverride: false }));
    expect(store.getCart().items[0]).toMatchObject({ price: 10, priceOverride: null });
    store.setPriceOverride('A-1', 5);
    expect(store.getCart().items[0]!.price).toBe(10);
  });
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

describe('refresh through POST /api/catalog/products', () => {
  it('asks for CA when no destination state is chosen, updates prices and drops missing items', async () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    store.addToCart('lifts', item('GONE', 3), 1);
    toasts.length = 0;
    apiAnswer.current = () => Promise.resolve([product('A-1', 12, { requiresResidential: true })]);
    await store.refreshCart();
    expect(apiCalls).toEqual([
      { path: '/api/catalog/products', body: { skuList: ['A-1', 'GONE'], shipToState: 'CA', branchNumber: 101, catalog: 'lifts' } },
    ]);
    const cart = store.getCart();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      sku: 'A-1',
      quantity: 2,
      price: 12,
      label: 'Fresh A-1',
      thumbnail: '/img/A-1.png',
      requiresResidential: true,
    });
    expect(cart.charges.residential.required).toBe(true);
    expect(toasts).toEqual([{ kind: 'warning', message: 'Removed GONE from the cart!' }]);
  });

  it('uses the chosen destination state', async () => {
    session.chooseDestinationState('CO');
    store.addToCart('lifts', item('A-1', 10), 1);
    apiCalls.length = 0;
    apiAnswer.current = () => Promise.resolve([product('A-1', 10)]);
    await store.refreshCart();
    expect((apiCalls[0]!.body as { shipToState: string }).shipToState).toBe('CO');
  });

  it('keeps the items and recomputes the totals when the refresh fails', async () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    apiAnswer.current = () => Promise.reject(new Error('offline'));
    await store.refreshCart();
    expect(store.getCart().items).toHaveLength(1);
    expect(store.getCart().grandTotal).toBe(20);
  });

  it('reloads the cart for the new branch when the branch changes', async () => {
    session.setSession(sessionOf(A, { branches: [101, 102] }));
    session.chooseBranch(101);
    store.addToCart('lifts', item('A-1', 10), 1);
    apiCalls.length = 0;
    apiAnswer.current = () => Promise.resolve([product('A-1', 9)]);
    session.chooseBranch(102);
    await vi.waitFor(() => expect(store.getCart().items[0]!.price).toBe(9));
    expect((apiCalls[0]!.body as { branchNumber: number }).branchNumber).toBe(102);
    expect(store.getCart().branchNumber).toBe(102);
  });
});
