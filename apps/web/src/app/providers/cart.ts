/**
 * The cart as the rest of the app sees it: a port. The cart feature owns the cart's state, its
 * stored copy and its refresh (features/cart/store); app/require-session.tsx hands its
 * implementation to every signed-in screen through `CartContext`. Any other feature (catalog,
 * product, quick order, saved carts, reorder, checkout) reads and changes the cart only through the
 * hooks below, never by importing features/cart. This file imports no feature: it is the shape both
 * sides agree on.
 *
 * - `useCart()` the whole cart, re-rendering on every change; `useCartQuantity(sku)` and
 *   `useCartCatalog()` re-render only when their own value changes (one catalog tile per product).
 * - `useCartActions()` the changes other features may make, and `getCart()` for event handlers.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CartItem, CartItemInput, ChargeChoices, Charges, QuickOrderValidateResponse } from '@portal/domain';
import type { PricedLinesOutcome, RejectedLine } from '@/lib/priced-lines';

export type CartState = {
  /** The user the cart belongs to; null while signed out. */
  email: string | null;
  branchNumber: number | null;
  /** Set by the first item, null when the cart is empty (spec 4). */
  catalog: string | null;
  items: CartItem[];
  /** The dealer's accept/decline choices (true = declined). */
  choices: ChargeChoices;
  charges: Charges;
  shipvia: string | null;
  itemsSubTotal: number;
  chargesSubTotal: number;
  grandTotal: number;
  /**
   * Spec 2 "Forklift Required for flatbed items": the dealer ticked that a forklift is available at
   * the destination. Kept in memory only: unticked whenever the cart page opens or a flatbed item is
   * added; sent with the checkout's creation (the server refuses a flatbed cart without it).
   */
  flatbedConfirmed: boolean;
};

/**
 * Navigation state for the cart page: the server refused a checkout because the flatbed
 * confirmation was missing, so the cart shows why under the confirmation box.
 */
export const FLATBED_NOT_CONFIRMED_STATE = { flatbedNotConfirmed: true } as const;

export function isFlatbedNotConfirmedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>).flatbedNotConfirmed === true;
}

/** Spec 4: a cart holds one catalog's items; adding another catalog's item is refused with this. */
export const DIFFERENT_CATALOG_WARNING = 'Cannot add or update items from different catalogs!';

export type CartActions = {
  /** The cart now, for event handlers and async flows (components use `useCart()`). */
  getCart(): CartState;
  /** Adds to the quantity already in the cart (catalog tile 'Add To Cart' / 'Add (n)'). */
  addToCart(catalogId: string, item: CartItemInput, quantity: number): void;
  /** Sets the quantity (product page 'Update Cart'); 0 removes the item. */
  setCartQuantity(catalogId: string, item: CartItemInput, quantity: number): void;
  /** A quick order, reorder or saved cart priced by the server, into the cart in one change (issue 20). */
  addPricedLines(answer: QuickOrderValidateResponse, alreadyRejected?: RejectedLine[]): PricedLinesOutcome;
  /** Re-reads every item's price and shipping flags from the server (spec 4, 8). */
  refreshCart(): Promise<void>;
  /** Empties the cart (the checkout's end, spec 4 "Checkout" step 3). */
  clearCart(): void;
};

/** What the cart feature provides: the actions plus a subscription to every change. */
export type CartPort = CartActions & { subscribe(listener: () => void): () => void };

export const CartContext = createContext<CartPort | null>(null);

function useCartPort(): CartPort {
  const port = useContext(CartContext);
  if (!port) throw new Error('The cart is used outside the signed-in routes that provide it (app/require-session.tsx).');
  return port;
}

/** A value read from the cart, re-rendering when it changes. `read` must answer a stable value. */
function useCartValue<T>(read: (cart: CartState) => T): T {
  const port = useCartPort();
  const snapshot = () => read(port.getCart());
  return useSyncExternalStore(port.subscribe, snapshot, snapshot);
}

export function useCart(): CartState {
  return useCartValue((cart) => cart);
}

/** Quantity of a SKU in the cart, 0 when absent (catalog tile 'Add (n)', product page). */
export function useCartQuantity(sku: string): number {
  return useCartValue((cart) => cart.items.find((item) => item.sku === sku)?.quantity ?? 0);
}

/** The catalog the cart is bound to, null when the cart is empty. */
export function useCartCatalog(): string | null {
  return useCartValue((cart) => cart.catalog);
}

export function useCartActions(): CartActions {
  return useCartPort();
}
