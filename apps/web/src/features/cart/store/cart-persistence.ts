/**
 * The cart's stored copy (spec 4 "Cart"): one per user, in localStorage under
 * `portal.cart.<email>`. Only what the dealer chose is kept; prices, charges and totals are
 * recomputed when the copy is read back (cart-state.ts).
 */
import { DEFAULT_CHARGE_CHOICES, storedCartItemOf, storedChargeChoicesOf } from '@portal/domain/rules';
import type { CartItem, ChargeChoices } from '@portal/domain';
import { readJson, writeJson, writeStored } from '@/lib/storage';

export const CART_STORAGE_PREFIX = 'portal.cart.';

/** What the dealer controls; everything else in the cart is derived from it. */
export type StoredCart = {
  branchNumber: number | null;
  catalog: string | null;
  items: CartItem[];
  choices: ChargeChoices;
};

function storageKey(email: string): string {
  return `${CART_STORAGE_PREFIX}${email.toLowerCase()}`;
}

/**
 * The user's stored cart, or null when nothing readable is stored. A damaged field falls back to
 * its empty value; a damaged item is dropped, the others kept. The items and choices are checked
 * with the domain's zod-free stand-ins for its schemas (the first screens load no zod, issue 21).
 */
export function readStoredCart(email: string): StoredCart | null {
  const stored = readJson<unknown>(storageKey(email));
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const { branchNumber, catalog, items, choices } = stored as Record<string, unknown>;
  return {
    branchNumber: Number.isSafeInteger(branchNumber) ? (branchNumber as number) : null,
    catalog: typeof catalog === 'string' ? catalog : null,
    items: Array.isArray(items) ? items.flatMap((raw) => storedCartItemOf(raw) ?? []) : [],
    choices: storedChargeChoicesOf(choices) ?? DEFAULT_CHARGE_CHOICES,
  };
}

export function writeStoredCart(email: string, cart: StoredCart): void {
  const { branchNumber, catalog, items, choices } = cart;
  writeJson(storageKey(email), { branchNumber, catalog, items, choices });
}

/** Spec 4: logout clears the cart's stored copy too. */
export function forgetStoredCart(email: string): void {
  writeStored(storageKey(email), null);
}
