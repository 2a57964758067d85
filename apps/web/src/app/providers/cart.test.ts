// @vitest-environment happy-dom
/**
 * The cart port: a feature's hooks read whatever cart the app provides and follow its changes,
 * and a screen outside the provider is told where the cart comes from.
 */
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { calculateCart, DEFAULT_CHARGE_CHOICES, NO_FEES } from '@portal/domain/rules';
import type { CartItem } from '@portal/domain';
import { CartContext, useCart, useCartCatalog, useCartQuantity, type CartPort, type CartState } from './cart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The charges of an empty cart: these tests read only items and catalog. */
const { charges: NO_CHARGES } = calculateCart([], NO_FEES, DEFAULT_CHARGE_CHOICES);

function cartOf(catalog: string | null, items: Pick<CartItem, 'sku' | 'quantity'>[]): CartState {
  return {
    email: 'a@dealer.example.com',
    branchNumber: 101,
    catalog,
    items: items as CartItem[],
    choices: DEFAULT_CHARGE_CHOICES,
    charges: NO_CHARGES,
    shipvia: null,
    itemsSubTotal: 0,
    chargesSubTotal: 0,
    grandTotal: 0,
    flatbedConfirmed: false,
  };
}

/** A port over a plain value, as a test double of the cart feature's store. */
function portOver(initial: CartState) {
  let cart = initial;
  const listeners = new Set<() => void>();
  const ignored = () => {
    throw new Error('not used here');
  };
  const port: CartPort = {
    getCart: () => cart,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addToCart: ignored,
    setCartQuantity: ignored,
    addPricedLines: ignored,
    refreshCart: ignored,
    clearCart: ignored,
  };
  const change = (next: CartState) =>
    act(() => {
      cart = next;
      listeners.forEach((listener) => listener());
    });
  return { port, change };
}

function render(port: CartPort | null, read: () => unknown) {
  const seen: unknown[] = [];
  function Probe() {
    seen.push(read());
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(port ? createElement(CartContext, { value: port }, createElement(Probe)) : createElement(Probe)));
  return { seen, unmount: () => act(() => root.unmount()) };
}

describe('cart port', () => {
  it("reads the provided cart and follows its changes; a SKU's quantity re-renders only when it changes", () => {
    const { port, change } = portOver(cartOf('lifts', [{ sku: 'A-1', quantity: 2 }]));
    const quantity = render(port, () => useCartQuantity('A-1'));
    const catalog = render(port, () => useCartCatalog());
    const whole = render(port, () => useCart().items.length);

    change(
      cartOf('lifts', [
        { sku: 'A-1', quantity: 2 },
        { sku: 'B-2', quantity: 1 },
      ]),
    );
    change(cartOf('lifts', [{ sku: 'A-1', quantity: 5 }]));

    expect(quantity.seen).toEqual([2, 5]);
    expect(catalog.seen).toEqual(['lifts']);
    expect(whole.seen).toEqual([1, 2, 1]);
    [quantity, catalog, whole].forEach((view) => view.unmount());
  });

  it('outside the signed-in routes that provide it, says where the cart comes from', () => {
    expect(() => render(null, () => useCart())).toThrow(/require-session/);
  });
});
