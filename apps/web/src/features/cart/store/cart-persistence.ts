/**
 * The cart's stored copy (spec 4 "Cart"): one per user, in localStorage under
 * `portal.cart.<email>`. Only what the dealer chose is kept; prices, charges and totals are
 * recomputed when the copy is read back (cart-state.ts).
 */
import { cartItemSchema, chargeChoicesSchema, DEFAULT_CHARGE_CHOICES, type CartItem, type ChargeChoices } from '@portal/domain';
import { z } from 'zod';
import { readJson, writeJson, writeStored } from '@/lib/storage';

export const CART_STORAGE_PREFIX = 'portal.cart.';

/** What the dealer controls; everything else in the cart is derived from it. */
export type StoredCart = {
  branchNumber: number | null;
  catalog: string | null;
  items: CartItem[];
  choices: ChargeChoices;
};

/** A damaged field falls back to its empty value; a damaged item is dropped, the others kept. */
const storedCartSchema = z.object({
  branchNumber: z.number().int().nullable().catch(null),
  catalog: z.string().nullable().catch(null),
  items: z.array(z.unknown()).catch([]),
  choices: chargeChoicesSchema.catch(DEFAULT_CHARGE_CHOICES),
});

function storageKey(email: string): string {
  return `${CART_STORAGE_PREFIX}${email.toLowerCase()}`;
}

/** The user's stored cart, or null when there is none (or nothing readable). */
export function readStoredCart(email: string): StoredCart | null {
  const stored = storedCartSchema.safeParse(readJson<unknown>(storageKey(email)) ?? {});
  if (!stored.success) return null;
  const items = stored.data.items.flatMap((raw) => {
    const parsed = cartItemSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return { branchNumber: stored.data.branchNumber, catalog: stored.data.catalog, items, choices: stored.data.choices };
}

export function writeStoredCart(email: string, cart: StoredCart): void {
  const { branchNumber, catalog, items, choices } = cart;
  writeJson(storageKey(email), { branchNumber, catalog, items, choices });
}

/** Spec 4: logout clears the cart's stored copy too. */
export function forgetStoredCart(email: string): void {
  writeStored(storageKey(email), null);
}
