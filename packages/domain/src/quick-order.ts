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
import { QUICK_ORDER_MAX_LINES } from './quick-order-rules.js';

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
