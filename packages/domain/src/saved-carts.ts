/**
 * Saved carts, the dealer's requisition lists (issue 20): a named copy of a cart's lines (SKU and
 * quantity; prices are taken again when one is loaded), kept per organization and branch.
 */
import { z } from 'zod';
import { coercedId, idNumber, safeString } from './validators.js';
import { catalogIdSchema, skuSchema } from './catalog/search.js';
import { stateCodeSchema } from './api/common.js';
import { MAX_CART_QUANTITY } from './cart/inputs.js';
import { QUICK_ORDER_MAX_LINES } from './quick-order-rules.js';
import { SAVED_CART_NAME_MAX, SAVED_CART_MESSAGES } from './saved-carts-rules.js';

export const savedCartNameSchema = safeString({ error: SAVED_CART_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: SAVED_CART_MESSAGES.nameRequired })
  .max(SAVED_CART_NAME_MAX, { error: SAVED_CART_MESSAGES.nameTooLong });

export const savedCartLineSchema = z.object({
  sku: skuSchema,
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

/** `POST /api/saved-carts`: the cart's catalog and lines under a name, for the branch. */
export const savedCartCreateSchema = z.object({
  name: savedCartNameSchema,
  branchNumber: idNumber(),
  catalog: catalogIdSchema,
  items: z.array(savedCartLineSchema).min(1, { error: SAVED_CART_MESSAGES.itemsRequired }).max(QUICK_ORDER_MAX_LINES),
});
export type SavedCartCreate = z.infer<typeof savedCartCreateSchema>;

/** `PUT /api/saved-carts/{id}`: rename. */
export const savedCartRenameSchema = z.object({ name: savedCartNameSchema });
export type SavedCartRename = z.infer<typeof savedCartRenameSchema>;

export const savedCartParamsSchema = z.object({ id: coercedId() });
/** Every saved-cart call names the branch: a saved cart is seen only from its own branch. */
export const savedCartBranchQuerySchema = z.object({ branchNumber: coercedId() });

/** `POST /api/saved-carts/{id}/load`: the lines priced for the destination state (default CA). */
export const savedCartLoadSchema = z.object({ shipToState: stateCodeSchema.nullish() });

export const savedCartSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  catalog: z.string(),
  branchNumber: z.number().int(),
  owner: z.object({ id: z.number().int().nullable(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Lines and units in it. */
  lineCount: z.number().int(),
  unitCount: z.number().int(),
  /** The caller may rename or delete it: its owner, or a user with manageUsers. */
  canManage: z.boolean(),
});
export type SavedCartSummary = z.infer<typeof savedCartSummarySchema>;

export const savedCartSchema = savedCartSummarySchema.extend({ items: z.array(savedCartLineSchema) });
export type SavedCart = z.infer<typeof savedCartSchema>;

export const savedCartListSchema = z.array(savedCartSummarySchema);
