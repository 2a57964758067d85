/**
 * The cart refreshed from the server (spec 4, 8) through `POST /api/catalog/products`: prices and
 * shipping flags updated, missing items removed with a warning, a failed refresh keeps the items,
 * and a new branch reloads the cart. The API client and the toasts are recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage, item, product, sessionOf, type Toast } from './store-test-fixtures';

const { toasts, apiCalls, apiAnswer } = vi.hoisted(() => ({
  toasts: [] as Toast[],
  apiCalls: [] as { path: string; body: unknown }[],
  apiAnswer: { current: (() => Promise.resolve([])) as (body: unknown) => Promise<unknown> },
}));
vi.mock('@/lib/notify', () => ({
  notify: {
    success: (message: string) => toasts.push({ kind: 'success', message }),
    warning: (message: string) => toasts.push({ kind: 'warning', message }),
    error: (message: string) => toasts.push({ kind: 'error', message }),
  },
}));
vi.mock('@/lib/api-client', () => ({
  api: (path: string, options: { body?: unknown }) => {
    apiCalls.push({ path, body: options.body });
    return apiAnswer.current(options.body);
  },
}));

installMemoryStorage();
await import('./index');
const store = await import('./cart-state');
const { refreshCart } = await import('./cart-refresh');
const session = await import('@/lib/session-store');

const A = 'a@dealer.example.com';

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

describe('refresh through POST /api/catalog/products', () => {
  it('asks for CA when no destination state is chosen, updates prices and drops missing items', async () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    store.addToCart('lifts', item('GONE', 3), 1);
    toasts.length = 0;
    apiAnswer.current = () => Promise.resolve([product('A-1', 12, { requiresResidential: true })]);
    await refreshCart();
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
    await refreshCart();
    expect((apiCalls[0]!.body as { shipToState: string }).shipToState).toBe('CO');
  });

  it('keeps the items and recomputes the totals when the refresh fails', async () => {
    store.addToCart('lifts', item('A-1', 10), 2);
    apiAnswer.current = () => Promise.reject(new Error('offline'));
    await refreshCart();
    expect(store.getCart().items).toHaveLength(1);
    expect(store.getCart().grandTotal).toBe(20);
  });

  it('lets only the newest refresh write its answer', async () => {
    store.addToCart('lifts', item('A-1', 10), 1);
    const answers: ((products: unknown) => void)[] = [];
    apiAnswer.current = () => new Promise((resolve) => answers.push(resolve));
    const first = refreshCart();
    const second = refreshCart();
    answers[1]!([product('A-1', 11)]);
    await second;
    answers[0]!([product('A-1', 99)]);
    await first;
    expect(store.getCart().items[0]!.price).toBe(11);
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
