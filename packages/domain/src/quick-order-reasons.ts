/**
 * Why a quick order's line was rejected, and how a rejected line reads on screen (issue 20), apart
 * from the calls' schemas in ./quick-order.ts: the cart shows rejected lines too, and its first
 * drawing loads no zod (issue 21).
 */
import { MAX_CART_QUANTITY } from './cart/inputs.js';
import { formatCount } from './format.js';

/** Why a line could not be added. */
export const QUICK_ORDER_REASONS = {
  unknownSku: 'unknown SKU',
  notInCatalog: 'not in this catalog',
  badQuantity: `bad quantity (a whole number from 1 to ${formatCount(MAX_CART_QUANTITY)})`,
  missingSku: 'no SKU',
  labor: 'labor, not a product',
  tooMany: `more than ${formatCount(MAX_CART_QUANTITY)} in the cart`,
} as const;
export type QuickOrderReason = keyof typeof QUICK_ORDER_REASONS;

/** Line text of a rejected line as the screens show it: `line 3 (XYZ-1): unknown SKU`. */
export function rejectedLineText(line: { line: number; sku: string; message: string }): string {
  return `line ${line.line}${line.sku ? ` (${line.sku})` : ''}: ${line.message}`;
}
