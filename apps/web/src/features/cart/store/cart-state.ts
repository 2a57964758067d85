/**
 * The shopping cart's state (spec 4 "Cart"): one observable cart, recalculated with the shared
 * charge rules on every change and written to its stored copy (cart-persistence.ts); bound to the
 * catalog of its first item. The changes here are the dealer's; the server's (prices, stock flags)
 * come through cart-refresh.ts, and the session's (sign-in, branch, logout) through cart-session.ts.
 */
import {
  calculateCart,
  DEFAULT_CHARGE_CHOICES,
  FALLBACK_CATALOG_ID,
  feesToCents,
  firstCatalogId,
  MAX_CART_QUANTITY,
  NO_FEES,
  type DeclinableChargeKind,
} from '@portal/domain/rules';
import type { CartItem, CartItemInput, Session } from '@portal/domain';
import { DIFFERENT_CATALOG_WARNING, type CartState } from '@/app/providers/cart';
import { createStore, useStore } from '@/lib/external-store';
import { notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session-store';
import { writeStoredCart, type StoredCart } from './cart-persistence';

/** The dealer-controlled part of the cart; everything else is derived from it. */
export type CartBase = Pick<CartState, 'email'> & StoredCart & { flatbedConfirmed?: boolean };

export function emptyCart(email: string | null, branchNumber: number | null): CartState {
  return recalculate({ email, branchNumber, catalog: null, items: [], choices: DEFAULT_CHARGE_CHOICES });
}

/** Fees and the price-override permission come from the session's organization (spec 6, 9). */
function organizationOf(session: Session | null) {
  return {
    fees: session ? feesToCents(session.organization.fees) : NO_FEES,
    allowPriceOverride: session?.organization.allowPriceOverride ?? false,
  };
}

/** Recalculated on every change (spec 4): overrides only where allowed, charges, totals, catalog reset. */
export function recalculate(cart: CartBase): CartState {
  const { fees, allowPriceOverride } = organizationOf(sessionStore.get().session);
  const items = cart.items.map((item) => {
    const priceOverride = allowPriceOverride ? item.priceOverride : null;
    return { ...item, priceOverride, price: priceOverride ?? item.originalPrice };
  });
  const result = calculateCart(items, fees, cart.choices);
  return {
    email: cart.email,
    branchNumber: cart.branchNumber,
    items,
    catalog: items.length === 0 ? null : cart.catalog,
    choices: result.choices,
    charges: result.charges,
    shipvia: result.shipvia,
    itemsSubTotal: result.itemsSubTotal,
    chargesSubTotal: result.chargesSubTotal,
    grandTotal: result.grandTotal,
    flatbedConfirmed: cart.flatbedConfirmed ?? false,
  };
}

/** Whether `after` holds a flatbed item, or more of one, that `before` did not (added, or newly flagged by a refresh). */
function flatbedAdded(before: CartItem[], after: CartItem[]): boolean {
  return after.some((item) => {
    if (!item.requiresFlatbed) return false;
    const previous = before.find((i) => i.sku === item.sku);
    return !previous || !previous.requiresFlatbed || previous.quantity < item.quantity;
  });
}

export const cartStore = createStore<CartState>(emptyCart(null, null));

/** Every change goes through here: recalculate, publish, store. */
export function update(change: (cart: CartState) => CartBase): void {
  const before = cartStore.get();
  const changed = change(before);
  // Spec 2: a flatbed item added after the confirmation was ticked must be confirmed again.
  const next = recalculate(flatbedAdded(before.items, changed.items) ? { ...changed, flatbedConfirmed: false } : changed);
  cartStore.set(next);
  if (next.email) writeStoredCart(next.email, next);
}

export function getCart(): CartState {
  return cartStore.get();
}

// ---- reading, for the cart feature's own screens (other features use app/providers/cart.ts) --

export function useCartState(): CartState {
  return useStore(cartStore);
}

/** Menu and header summary (spec 2): units in the cart and the grand total in dollars. */
export function useCartSummary(): { count: number; total: number } {
  const cart = useStore(cartStore);
  return { count: cart.items.reduce((sum, item) => sum + item.quantity, 0), total: cart.grandTotal };
}

// ---- changes ---------------------------------------------------------------------------------

/** The fallback catalog id stands for the user's first catalog (spec 2, 9), as on the server. */
function resolveCatalog(catalogId: string): string {
  if (catalogId !== FALLBACK_CATALOG_ID) return catalogId;
  return firstCatalogId(sessionStore.get().session?.user.catalogs ?? []);
}

/** Whether the cart holds another catalog's items, so an item of `catalogId` cannot join them. */
function holdsOtherCatalog(catalogId: string): boolean {
  const { catalog } = cartStore.get();
  return catalog !== null && catalog !== resolveCatalog(catalogId);
}

function rejectsCatalog(catalogId: string): boolean {
  if (!holdsOtherCatalog(catalogId)) return false;
  notify.warning(DIFFERENT_CATALOG_WARNING);
  return true;
}

/** A cart line from a priced item; a price override already on the line is kept. */
export function newItem(input: CartItemInput, quantity: number, previous?: CartItem): CartItem {
  const priceOverride = previous?.priceOverride ?? null;
  return { ...input, quantity, originalPrice: input.price, priceOverride, price: priceOverride ?? input.price };
}

function putItem(catalogId: string, input: CartItemInput, quantity: number): void {
  update((cart) => {
    const existing = cart.items.find((item) => item.sku === input.sku);
    const item = newItem(input, quantity, existing);
    const items = existing ? cart.items.map((i) => (i.sku === input.sku ? item : i)) : [...cart.items, item];
    return {
      ...cart,
      catalog: cart.catalog ?? resolveCatalog(catalogId),
      items,
      branchNumber: cart.branchNumber ?? sessionStore.get().branchNumber,
    };
  });
}

/** Adds to the quantity already in the cart (catalog tile 'Add To Cart' / 'Add (n)'). */
export function addToCart(catalogId: string, item: CartItemInput, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity <= 0) return;
  if (rejectsCatalog(catalogId)) return;
  const current = cartStore.get().items.find((i) => i.sku === item.sku)?.quantity ?? 0;
  putItem(catalogId, item, current + quantity);
  notify.success(`Added ${item.sku} to the cart!`);
}

export type CartLineToAdd = { line: number; item: CartItemInput; quantity: number };
export type AddLinesResult = { added: CartLineToAdd[]; tooMany: CartLineToAdd[] } | { differentCatalog: true };

/**
 * Adds many priced lines at once (quick order, reorder, saved cart; issue 20): quantities add to
 * what the cart holds, a SKU on several lines adds up, and a line that would take an item past
 * MAX_CART_QUANTITY is left out and answered in `tooMany`. One change, one stored copy. A cart of
 * another catalog takes none of them (spec 4: a cart holds one catalog's items).
 */
export function addLinesToCart(catalogId: string, lines: CartLineToAdd[]): AddLinesResult {
  if (lines.length > 0 && holdsOtherCatalog(catalogId)) return { differentCatalog: true };
  const added: CartLineToAdd[] = [];
  const tooMany: CartLineToAdd[] = [];
  if (lines.length === 0) return { added, tooMany };
  update((cart) => {
    const items = [...cart.items];
    for (const line of lines) {
      const index = items.findIndex((i) => i.sku === line.item.sku);
      const quantity = (index >= 0 ? items[index]!.quantity : 0) + line.quantity;
      if (quantity > MAX_CART_QUANTITY) {
        tooMany.push(line);
        continue;
      }
      const item = newItem(line.item, quantity, index >= 0 ? items[index] : undefined);
      if (index >= 0) items[index] = item;
      else items.push(item);
      added.push(line);
    }
    return {
      ...cart,
      catalog: cart.catalog ?? (added.length > 0 ? resolveCatalog(catalogId) : null),
      items,
      branchNumber: cart.branchNumber ?? sessionStore.get().branchNumber,
    };
  });
  return { added, tooMany };
}

/** Sets the quantity (product page 'Update Cart'); 0 removes the item (spec 4). */
export function setCartQuantity(catalogId: string, item: CartItemInput, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 0) return;
  if (rejectsCatalog(catalogId)) return;
  const existing = cartStore.get().items.find((i) => i.sku === item.sku);
  if (quantity === 0) {
    if (existing) removeFromCart(item.sku);
    return;
  }
  putItem(catalogId, item, quantity);
  notify.success(existing ? `Updated quantity to ${quantity} for ${item.sku}!` : `Added ${item.sku} to the cart!`);
}

/** The cart page's quantity box: the item is already in the cart's catalog. */
export function updateItemQuantity(sku: string, quantity: number): void {
  const existing = cartStore.get().items.find((i) => i.sku === sku);
  if (!existing || !Number.isInteger(quantity) || quantity < 0) return;
  if (quantity === 0) return removeFromCart(sku);
  if (quantity === existing.quantity) return;
  update((cart) => ({ ...cart, items: cart.items.map((i) => (i.sku === sku ? { ...i, quantity } : i)) }));
  notify.success(`Updated quantity to ${quantity} for ${sku}!`);
}

export function removeFromCart(sku: string, options: { silent?: boolean } = {}): void {
  if (!cartStore.get().items.some((i) => i.sku === sku)) return;
  update((cart) => ({ ...cart, items: cart.items.filter((i) => i.sku !== sku) }));
  if (!options.silent) notify.warning(`Removed ${sku} from the cart!`);
}

/** 'Clear Cart' after its confirmation, and the checkout's end (spec 4 "Checkout" step 3). */
export function clearCart(): void {
  update((cart) => ({ ...cart, items: [], catalog: null, choices: DEFAULT_CHARGE_CHOICES }));
}

/** Accept (false) or decline (true) a charge; ignored when the rules offer no choice. */
export function setChargeDeclined(kind: DeclinableChargeKind, declined: boolean): void {
  if (!cartStore.get().charges[kind].declinable) return;
  update((cart) => ({ ...cart, choices: { ...cart.choices, [kind]: declined } }));
}

/**
 * The flatbed block's 'I confirm a forklift is available at the destination' (spec 2). The cart
 * page unticks it whenever it opens; the stored copy does not keep it.
 */
export function setFlatbedConfirmed(confirmed: boolean): void {
  if (cartStore.get().flatbedConfirmed === confirmed) return;
  update((cart) => ({ ...cart, flatbedConfirmed: confirmed }));
}

/** The dealer's own unit price in dollars, or null to go back to the catalog price (spec 5, 6). */
export function setPriceOverride(sku: string, dollars: number | null): void {
  if (!organizationOf(sessionStore.get().session).allowPriceOverride) return;
  update((cart) => ({
    ...cart,
    items: cart.items.map((i) => {
      if (i.sku !== sku) return i;
      // Entering the catalog price again simply removes the override.
      const priceOverride = dollars === null || dollars === i.originalPrice ? null : dollars;
      return { ...i, priceOverride };
    }),
  }));
}
