/**
 * The shopping cart (spec 4 "Cart"): stored per user email in localStorage, recalculated on every
 * change with the shared charge rules, cleared on logout, refreshed when the branch (or the
 * destination state) changes, bound to the catalog of its first item.
 */
import {
  calculateCart,
  cartItemSchema,
  chargeChoicesSchema,
  DEFAULT_CHARGE_CHOICES,
  feesToCents,
  MAX_CART_QUANTITY,
  NO_FEES,
  cartItemInputOf,
  type CartItem,
  type CartItemInput,
  type CartPriceRequest,
  type ChargeChoices,
  type Charges,
  type DeclinableChargeKind,
  type Product,
  type Session,
} from '@portal/domain';
import { z } from 'zod';
import { api } from './api-client';
import { createStore, useStore } from './external-store';
import { notify } from './notify';
import { onSessionCleared, sessionStore, type SessionState } from './session-store';
import { readJson, writeStored, writeJson } from './storage';

export const CART_STORAGE_PREFIX = 'portal.cart.';
/** Spec 9: the cart refresh asks for CA when the dealer has chosen no destination state. */
export const DEFAULT_SHIP_TO_STATE = 'CA';
export const DIFFERENT_CATALOG_WARNING = 'Cannot add or update items from different catalogs!';

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
};

/** What is kept in localStorage under `portal.cart.<email>`; totals are recomputed on load. */
const storedCartSchema = z.object({
  branchNumber: z.number().int().nullable().catch(null),
  catalog: z.string().nullable().catch(null),
  items: z.array(z.unknown()).catch([]),
  choices: chargeChoicesSchema.catch(DEFAULT_CHARGE_CHOICES),
});

function storageKey(email: string): string {
  return `${CART_STORAGE_PREFIX}${email.toLowerCase()}`;
}

/** The dealer-controlled part of the cart; everything else is derived from it. */
type CartBase = Pick<CartState, 'email' | 'branchNumber' | 'catalog' | 'items' | 'choices'>;

function emptyCart(email: string | null, branchNumber: number | null): CartState {
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
function recalculate(cart: CartBase): CartState {
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
  };
}

export const cartStore = createStore<CartState>(emptyCart(null, null));

function persist(cart: CartState): void {
  if (!cart.email) return;
  writeJson(storageKey(cart.email), cart);
}

/** Every change goes through here: recalculate, publish, store. */
function update(change: (cart: CartState) => CartBase): void {
  const next = recalculate(change(cartStore.get()));
  cartStore.set(next);
  persist(next);
}

function loadCart(email: string, branchNumber: number | null): CartState {
  const stored = storedCartSchema.safeParse(readJson<unknown>(storageKey(email)) ?? {});
  if (!stored.success) return emptyCart(email, branchNumber);
  const items = stored.data.items.flatMap((raw) => {
    const parsed = cartItemSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return recalculate({
    email,
    branchNumber: stored.data.branchNumber ?? branchNumber,
    catalog: stored.data.catalog,
    items,
    choices: stored.data.choices,
  });
}

// ---- hooks ---------------------------------------------------------------------------------

export function useCart(): CartState {
  return useStore(cartStore);
}

export function getCart(): CartState {
  return cartStore.get();
}

/** Quantity of a SKU in the cart, 0 when absent (catalog tile 'Add (n)', product page). */
export function useCartQuantity(sku: string): number {
  const cart = useStore(cartStore);
  return cart.items.find((item) => item.sku === sku)?.quantity ?? 0;
}

/** The catalog the cart is bound to, null when the cart is empty. */
export function useCartCatalog(): string | null {
  return useStore(cartStore).catalog;
}

/** Menu and header summary (spec 2): units in the cart and the grand total in dollars. */
export function useCartSummary(): { count: number; total: number } {
  const cart = useStore(cartStore);
  return { count: cart.items.reduce((sum, item) => sum + item.quantity, 0), total: cart.grandTotal };
}

// ---- changes ---------------------------------------------------------------------------------

/** The fallback catalog id 'portal' stands for the user's first catalog (spec 2, 9), as on the server. */
export const FALLBACK_CATALOG_ID = 'portal';

function resolveCatalog(catalogId: string): string {
  if (catalogId !== FALLBACK_CATALOG_ID) return catalogId;
  return sessionStore.get().session?.user.catalogs[0]?.id ?? catalogId;
}

function rejectsCatalog(catalogId: string): boolean {
  const { catalog } = cartStore.get();
  if (catalog !== null && catalog !== resolveCatalog(catalogId)) {
    notify.warning(DIFFERENT_CATALOG_WARNING);
    return true;
  }
  return false;
}

function newItem(input: CartItemInput, quantity: number, previous?: CartItem): CartItem {
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
  const { catalog } = cartStore.get();
  if (lines.length > 0 && catalog !== null && catalog !== resolveCatalog(catalogId)) return { differentCatalog: true };
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

// ---- refresh ---------------------------------------------------------------------------------

/** The request of `POST /api/cart/price` for this cart (the checkout reuses it). */
export function cartPriceRequestOf(cart: CartState, shipToState: string | null): CartPriceRequest | null {
  if (!cart.catalog || cart.branchNumber === null) return null;
  return {
    catalog: cart.catalog,
    branchNumber: cart.branchNumber,
    shipToState: (shipToState ?? DEFAULT_SHIP_TO_STATE) as CartPriceRequest['shipToState'],
    items: cart.items.map((i) => ({ sku: i.sku, quantity: i.quantity, priceOverride: i.priceOverride })),
    choices: cart.choices,
  };
}

let refreshSequence = 0;

/**
 * Re-reads every item through the batch product call (spec 7 `POST /api/catalog/products`):
 * prices and shipping flags are updated, items missing from the answer are removed, and a failed
 * refresh keeps the items and only recomputes the totals (spec 8).
 */
export async function refreshCart(): Promise<void> {
  const cart = cartStore.get();
  const { branchNumber, destinationState } = sessionStore.get();
  if (!cart.email || cart.items.length === 0 || !cart.catalog || branchNumber === null) {
    update((c) => c);
    return;
  }
  const sequence = ++refreshSequence;
  const skuList = cart.items.map((i) => i.sku);
  let products: Product[];
  try {
    products = await api<Product[]>('/api/catalog/products', {
      method: 'POST',
      body: { skuList, shipToState: destinationState ?? DEFAULT_SHIP_TO_STATE, branchNumber, catalog: cart.catalog },
    });
  } catch {
    if (sequence === refreshSequence) update((c) => c);
    return;
  }
  // A later refresh, another user or a branch switch made this answer stale.
  if (sequence !== refreshSequence || cartStore.get().email !== cart.email) return;
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const asked = new Set(skuList);
  const removed: string[] = [];
  update((current) => ({
    ...current,
    branchNumber,
    items: current.items.flatMap((item) => {
      // Added while the refresh was under way: keep as is.
      if (!asked.has(item.sku)) return [item];
      const product = bySku.get(item.sku);
      if (!product) {
        removed.push(item.sku);
        return [];
      }
      return [newItem(cartItemInputOf(product), item.quantity, item)];
    }),
  }));
  removed.forEach((sku) => notify.warning(`Removed ${sku} from the cart!`));
}

// ---- session lifecycle ---------------------------------------------------------------------

let previous: Pick<SessionState, 'session' | 'branchNumber' | 'destinationState'> = {
  session: null,
  branchNumber: null,
  destinationState: null,
};

function onSessionChange(state: SessionState): void {
  const email = state.session?.user.email ?? null;
  const before = previous;
  previous = { session: state.session, branchNumber: state.branchNumber, destinationState: state.destinationState };
  if (!email) return;
  if (email !== cartStore.get().email) {
    // Signed in (or switched user): this user's own cart.
    refreshSequence++;
    const loaded = loadCart(email, state.branchNumber);
    cartStore.set(loaded);
    if (state.branchNumber !== null && loaded.branchNumber !== state.branchNumber) void refreshCart();
    return;
  }
  if (state.branchNumber !== before.branchNumber && state.branchNumber !== null) {
    // Spec 4: the cart is reloaded when the branch changes (branch prices and stock).
    void refreshCart();
  } else if (state.destinationState !== before.destinationState && before.session) {
    void refreshCart();
  } else if (state.session !== before.session) {
    // A refreshed session may carry new fees or a changed price-override permission.
    update((c) => c);
  }
}

sessionStore.subscribe(() => onSessionChange(sessionStore.get()));
onSessionChange(sessionStore.get());

/** Spec 4: logout clears the cart (and its stored copy). */
onSessionCleared(() => {
  const { email } = cartStore.get();
  refreshSequence++;
  if (email) writeStored(storageKey(email), null);
  cartStore.set(emptyCart(null, null));
});
