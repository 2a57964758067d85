/**
 * The checkout calls of spec 7 (`/api/checkout...`) and the checkout record of spec 3. Money in
 * answers is dollars rounded to cents (server-rules "Money"); the server works in cents.
 */
import { z } from 'zod';
import { idNumber, safeString } from '../validators.js';
import { nullAs, stateCodeSchema } from '../api/common.js';
import { cartItemSchema, cartLineSchema, chargeChoicesSchema, chargesInputSchema, chargesSchema } from '../cart/cart.js';
import { MAX_PRICE_OVERRIDE } from '../cart/inputs.js';
import { catalogIdSchema } from '../catalog/search.js';
import { shipToAddressInputSchema, shipToAddressSchema } from './ship-to-address.js';
import { CHECKOUT_REQUEST_MESSAGES, CHECKOUT_STATUSES } from './api-rules.js';

/** A short unguessable code (Crockford base 32), also the order's confirmation number. */
export const confirmationNumberSchema = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[0-9A-Za-z]+$/);

/** A line of the cart as the client shows it: the price it shows is checked against the server's. */
export const checkoutCartLineSchema = cartLineSchema.extend({
  /**
   * The unit price the client shows (dollars): the catalog price, or the override when set. Left
   * out (a cart reduced to sku and quantity, spec 3), the line is not compared: the server's price stands.
   */
  price: z.number().nonnegative().nullish(),
  /** Dollars; only with the organization's allowPriceOverride (spec 6). */
  priceOverride: z.number().nonnegative().max(MAX_PRICE_OVERRIDE).nullish(),
});
export type CheckoutCartLine = z.infer<typeof checkoutCartLineSchema>;

/** A text of the checkout's details: missing or null is ''. */
const detail = (max: number) => nullAs(safeString().trim().max(max).default(''), '');

/** The cart's catalog: its id, or the spec's Catalog entity (spec 3: id, label). */
export const cartCatalogSchema = z
  .union([catalogIdSchema, z.object({ id: catalogIdSchema, label: z.string().max(200).nullish() })])
  .transform((catalog) => (typeof catalog === 'string' ? catalog : catalog.id));

/**
 * `POST /api/checkout`: "the cart without ship-to address" (spec 7), i.e. the spec's Cart (spec 3)
 * as it is: branchNumber, email, catalog, items, charges, purchaseOrderNumber, reference,
 * taxCertificateNumber, notes, shippingInstructions, shipvia, checkoutId and the totals. The server
 * re-prices it from catalog, branch, destination state, SKUs and quantities and applies the charge
 * rules itself: of `charges` only each `declined` flag is read (the dealer's choices); the client's
 * prices are only compared (code 8000), its amounts and totals are ignored.
 *
 * Beyond the spec's Cart: `shipToState` (the destination state the prices and the tax estimate are
 * for; CA when absent, spec 9) and `choices` (our web client's form of the same declines; when
 * both are sent, `choices` wins). One of `charges` and `choices` is required.
 */
export const createCheckoutRequestSchema = z
  .object({
    catalog: cartCatalogSchema,
    branchNumber: idNumber(),
    /** The destination state; CA when none is chosen (spec 9). */
    shipToState: stateCodeSchema.nullish(),
    email: safeString().trim().max(254).nullish(),
    /** The spec's cart items (sku, quantity, price, priceOverride are read; the rest is the server's to fill). */
    items: z.array(checkoutCartLineSchema).min(1).max(500),
    /** Spec 3 "Charges": the dealer's choices are the `declined` flags. */
    charges: chargesInputSchema.nullish(),
    /** Our web client's form of the charge choices (true = declined). */
    choices: chargeChoicesSchema.nullish(),
    /**
     * Spec 2 "Forklift Required for flatbed items": the dealer confirmed a forklift is available at
     * the destination. A cart with flatbed items cannot be checked out without it (400).
     */
    flatbedConfirmed: z.boolean().nullish(),
    purchaseOrderNumber: detail(40),
    reference: detail(40),
    /** Kept only for a taxable organization (spec 2, 6). */
    taxCertificateNumber: detail(40),
    notes: detail(2000),
    shippingInstructions: detail(500),
    /** The client's view; the server decides (FLB with a flatbed, spec 4). */
    shipvia: safeString().max(20).nullish(),
    /** A previous checkout's id on the client's cart; a new checkout gets its own. */
    checkoutId: safeString().max(100).nullish(),
    /** What the client shows; informative only, the server computes its own. */
    itemsSubTotal: z.number().nullish(),
    chargesSubTotal: z.number().nullish(),
    taxes: z.number().nullish(),
    taxesVerified: z.boolean().nullish(),
    discount: z.number().nullish(),
    grandTotal: z.number().nullish(),
  })
  .superRefine((request, ctx) => {
    if (!request.charges && !request.choices) {
      ctx.addIssue({ code: 'custom', path: ['charges'], message: CHECKOUT_REQUEST_MESSAGES.chargesRequired });
    }
  });
export type CreateCheckoutRequest = z.input<typeof createCheckoutRequestSchema>;

export const createCheckoutResponseSchema = z.object({
  confirmationNumber: z.string(),
  /** '' when the organization takes neither cards nor terminals (no payment intent is needed). */
  paymentIntentId: z.string(),
  paymentIntentSecret: z.string(),
});
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/** The cart of spec 3 "Cart" as the checkout keeps it: priced by the server, with the form's details. */
export const checkoutCartSchema = z.object({
  branchNumber: z.number().int(),
  email: z.string(),
  catalog: z.string(),
  shipToState: z.string(),
  items: z.array(cartItemSchema),
  charges: chargesSchema,
  shipToAddress: shipToAddressSchema.nullable(),
  purchaseOrderNumber: z.string(),
  reference: z.string(),
  taxCertificateNumber: z.string(),
  notes: z.string(),
  shippingInstructions: z.string(),
  shipvia: z.string().nullable(),
  checkoutId: z.string(),
  itemsSubTotal: z.number(),
  chargesSubTotal: z.number(),
  taxes: z.number(),
  /** False while the taxes are an estimate for the destination state (spec 2 'Estimated'). */
  taxesVerified: z.boolean(),
  discount: z.number(),
  grandTotal: z.number(),
});
export type CheckoutCart = z.infer<typeof checkoutCartSchema>;

/** `GET /api/checkout/{confirmationNumber}`: spec 3 "Checkout record", plus where it stands. */
export const checkoutRecordSchema = z.object({
  confirmationNumber: z.string(),
  paymentIntentId: z.string(),
  paymentIntentSecret: z.string(),
  cart: checkoutCartSchema,
  onAccount: z.boolean(),
  cashOrder: z.boolean(),
  status: z.enum(CHECKOUT_STATUSES),
  /** The order's number once the checkout is completed. */
  documentNumber: z.number().int().nullable(),
});
export type CheckoutRecord = z.infer<typeof checkoutRecordSchema>;

/** `PUT /api/checkout` (spec 7). */
export const updateCheckoutRequestSchema = z.object({
  confirmationNumber: confirmationNumberSchema,
  shipToAddress: shipToAddressInputSchema,
  purchaseOrderNumber: detail(40),
  reference: detail(40),
  notes: detail(2000),
  shippingInstructions: detail(500),
  onAccount: nullAs(z.boolean().default(false), false),
  cashOrder: nullAs(z.boolean().default(false), false),
  /** The id of one of the organization's sales reps (session organization.takenBys), or ''. */
  takenBy: detail(50),
  taxCertificateNumber: detail(40),
  subscribedMarketing: nullAs(z.boolean().default(false), false),
});
export type UpdateCheckoutRequest = z.input<typeof updateCheckoutRequestSchema>;

/** Any answer means success (spec 7); the totals are the ones the payment will be taken for. */
export const updateCheckoutResponseSchema = z.object({
  ok: z.literal(true),
  taxes: z.number(),
  grandTotal: z.number(),
  taxesVerified: z.boolean(),
});
export type UpdateCheckoutResponse = z.infer<typeof updateCheckoutResponseSchema>;

/** `GET /api/checkout/{n}/complete`: truthy means success (spec 7). */
export const completeCheckoutResponseSchema = z.object({
  ok: z.literal(true),
  confirmationNumber: z.string(),
  documentNumber: z.number().int(),
});
export type CompleteCheckoutResponse = z.infer<typeof completeCheckoutResponseSchema>;

export const confirmationNumberParamsSchema = z.object({ confirmationNumber: confirmationNumberSchema });

/** `POST /api/checkout/calculate-taxes` (spec 7). */
export const calculateTaxesRequestSchema = z.object({
  paymentIntentId: detail(200),
  /** Identifies the checkout when it has no payment intent (an organization without cards). */
  confirmationNumber: confirmationNumberSchema.nullish(),
  isPickup: nullAs(z.boolean().default(false), false),
  warehouseId: z.string().trim().max(20).nullish(),
  shipToAddress: shipToAddressInputSchema,
  /**
   * The spec's cart without ship-to address. The server computes from the checkout's own re-priced
   * cart instead; only its `checkoutId` (the confirmation number) is read, to find the checkout
   * when there is no payment intent.
   */
  cart: z.object({ checkoutId: z.string().trim().max(100).nullish() }).nullish(),
  taxCertificateNumber: detail(40),
});
export type CalculateTaxesRequest = z.input<typeof calculateTaxesRequestSchema>;

export const calculateTaxesResponseSchema = z.object({
  taxes: z.number(),
  grandTotal: z.number(),
  taxesVerified: z.boolean(),
});
export type CalculateTaxesResponse = z.infer<typeof calculateTaxesResponseSchema>;
