/**
 * Quick order and reorder (issue 20): the parsing rule of the 'SKUs and quantities' box and of an
 * uploaded CSV file, and the request and answer of `POST /api/cart/quick-order/validate` and
 * `POST /api/cart/reorder`.
 *
 * One line per product: `SKU, quantity`, `SKU quantity`, `SKU<TAB>quantity` (a spreadsheet's two
 * columns pasted), or `SKU;quantity`. Quotes around a field (a CSV file's) are dropped. Blank lines
 * are skipped but still counted, so a rejected line is named by the number the dealer sees. A
 * first line whose quantity column is a word (`SKU,Quantity`) is a header and skipped.
 */
import { z } from 'zod';
import { stateCodeSchema } from './api/common.js';
import { availabilitySchema } from './catalog/product.js';
import { catalogIdSchema, skuSchema } from './catalog/search.js';
import { cartItemInputSchema } from './cart/cart.js';
import { MAX_CART_QUANTITY } from './cart/inputs.js';
import { idNumber } from './validators.js';
import type { QuickOrderReason } from './quick-order-reasons.js';

/** At most this many lines per quick order (the box, a file, and one validation call). */
export const QUICK_ORDER_MAX_LINES = 500;

export const QUICK_ORDER_MESSAGES = {
  empty: 'Enter at least one SKU and quantity.',
  tooManyLines: `Enter at most ${QUICK_ORDER_MAX_LINES} lines.`,
} as const;

/** A line that parsed: its number in the text (1-based), the SKU and the quantity. */
export type QuickOrderLine = { line: number; sku: string; quantity: number };
/** A line that did not parse, with what was read of it. */
export type QuickOrderLineError = { line: number; sku: string; reason: QuickOrderReason };

export type QuickOrderParse = {
  lines: QuickOrderLine[];
  errors: QuickOrderLineError[];
  /** Set when the text as a whole cannot be used (empty, too many lines); lines and errors are then empty. */
  problem: string | null;
};

const HEADER_QUANTITY = /^(qty\.?|quantity|quantities|count|amount|units?)$/i;
const HEADER_SKU = /^(sku|skus|item|part|part number|product)$/i;

function unquote(field: string): string {
  const value = field.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/""/g, '"').trim();
  return value;
}

/** Splits one line into its SKU and quantity fields: tab, comma or semicolon first, else blanks. */
function fieldsOf(text: string): string[] {
  const separated = text.includes('\t') ? text.split('\t') : /[,;]/.test(text) ? text.split(/[,;]/) : text.trim().split(/\s+/);
  const fields = separated.map(unquote);
  // A spreadsheet row may carry trailing empty cells.
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

/** A quantity field: digits only (as the cart's quantity box), 1..MAX_CART_QUANTITY. */
export function parseQuickOrderQuantity(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (!/^\d{1,6}$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= 1 && quantity <= MAX_CART_QUANTITY ? quantity : null;
}

/**
 * Parses the box's text (or a CSV file's). SKUs are trimmed and upper-cased (the manufacturer's
 * SKUs are upper case; dealers type them either way). Every non-blank line becomes a line or an
 * error; more than QUICK_ORDER_MAX_LINES non-blank lines, or none, is a `problem`.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const lines: QuickOrderLine[] = [];
  const errors: QuickOrderLineError[] = [];
  let seenContent = false;
  let count = 0;
  for (const [index, row] of rows.entries()) {
    const fields = fieldsOf(row);
    if (fields.length === 0 || fields.every((f) => f === '')) continue;
    const line = index + 1;
    const [rawSku = '', rawQuantity, ...rest] = fields;
    const first = !seenContent;
    seenContent = true;
    if (first && (HEADER_QUANTITY.test(rawQuantity ?? '') || HEADER_SKU.test(rawSku))) continue;
    count++;
    const sku = rawSku.toUpperCase();
    if (sku === '') {
      errors.push({ line, sku, reason: 'missingSku' });
      continue;
    }
    const quantity = rest.length === 0 ? parseQuickOrderQuantity(rawQuantity) : null;
    if (quantity === null || skuSchema.safeParse(sku).success === false) {
      errors.push({ line, sku, reason: quantity === null ? 'badQuantity' : 'unknownSku' });
      continue;
    }
    lines.push({ line, sku, quantity });
  }
  if (count === 0) return { lines: [], errors: [], problem: QUICK_ORDER_MESSAGES.empty };
  if (count > QUICK_ORDER_MAX_LINES) return { lines: [], errors: [], problem: QUICK_ORDER_MESSAGES.tooManyLines };
  return { lines, errors, problem: null };
}

// ---- API ---------------------------------------------------------------------------------------

export const quickOrderLineSchema = z.object({
  /** The line's number in the dealer's text or file (echoed in the answer). */
  line: idNumber(),
  sku: skuSchema,
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
});

/** `POST /api/cart/quick-order/validate`. */
export const quickOrderValidateRequestSchema = z.object({
  catalog: catalogIdSchema,
  branchNumber: idNumber(),
  /** Default CA when the dealer has chosen none (spec 9), as the cart. */
  shipToState: stateCodeSchema.nullish(),
  lines: z.array(quickOrderLineSchema).min(1).max(QUICK_ORDER_MAX_LINES),
});
export type QuickOrderValidateRequest = z.infer<typeof quickOrderValidateRequestSchema>;

/**
 * One line of the answer: `item` (the product as the cart takes it, priced for the caller) and its
 * `availability` for the branch's destination state; or `reason` and its `message` when it cannot
 * be added.
 */
export const quickOrderResultLineSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  quantity: z.number().int(),
  reason: z.enum(['unknownSku', 'notInCatalog', 'badQuantity', 'labor']).nullable(),
  message: z.string(),
  item: cartItemInputSchema.nullable(),
  availability: availabilitySchema.nullable(),
});
export type QuickOrderResultLine = z.infer<typeof quickOrderResultLineSchema>;

export const quickOrderValidateResponseSchema = z.object({
  /** The catalog the lines were priced in ('portal' resolved to the user's first). */
  catalog: z.string(),
  branchNumber: z.number().int(),
  shipToState: stateCodeSchema,
  lines: z.array(quickOrderResultLineSchema),
});
export type QuickOrderValidateResponse = z.infer<typeof quickOrderValidateResponseSchema>;

/** `POST /api/cart/reorder`: an order of the branch (as its details call) priced again today. */
export const reorderRequestSchema = z.object({
  documentNumber: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  branchNumber: idNumber(),
  shipToState: stateCodeSchema.nullish(),
});
export type ReorderRequest = z.infer<typeof reorderRequestSchema>;
