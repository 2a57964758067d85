/**
 * Parsing of the cart's editable boxes (spec 5 "Validation rules").
 * - Cart quantity: digits only, else the box reverts to the previous value; zero or empty removes
 *   the item (spec 4 "Cart").
 * - Price override: dollar signs and commas stripped; digits and dot only, else reverts; must be a
 *   number >= 0.
 */
import { roundToCents } from '../money.js';

/** A cart line holds at most this many units (keeps totals far from float trouble). */
export const MAX_CART_QUANTITY = 99_999;
/** A dealer price above this is a typo, not a price. */
export const MAX_PRICE_OVERRIDE = 10_000_000;

export type QuantityInput = { kind: 'set'; quantity: number } | { kind: 'remove' } | { kind: 'revert' };

export function parseCartQuantity(text: string): QuantityInput {
  const value = text.trim();
  if (value === '') return { kind: 'remove' };
  if (!/^\d+$/.test(value)) return { kind: 'revert' };
  const quantity = Number(value);
  if (quantity === 0) return { kind: 'remove' };
  if (quantity > MAX_CART_QUANTITY) return { kind: 'revert' };
  return { kind: 'set', quantity };
}

/** The dealer's price in dollars rounded to cents, or null when the input must revert. */
export function parsePriceOverride(text: string): number | null {
  const value = text.replace(/[$,]/g, '').trim();
  if (!/^\d*\.?\d*$/.test(value) || !/\d/.test(value)) return null;
  const dollars = Number(value);
  if (!Number.isFinite(dollars) || dollars < 0 || dollars > MAX_PRICE_OVERRIDE) return null;
  return roundToCents(dollars);
}
