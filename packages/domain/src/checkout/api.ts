/**
 * The checkout calls of spec 7 (`/api/checkout...`) and the checkout record of spec 3. Money in
 * answers is dollars rounded to cents (server-rules "Money"); the server works in cents.
 */
import { z } from 'zod';
import { stateCodeSchema } from '../api/common.js';
import { cartItemSchema, cartLineSchema, chargeChoicesSchema, chargesSchema } from '../cart/cart.js';
import { MAX_PRICE_OVERRIDE } from '../cart/inputs.js';
import { catalogIdSchema } from '../catalog/search.js';
import { shipToAddressSchema } from './ship-to-address.js';

/** A short unguessable code (Crockford base 32), also the order's confirmation number. */
export const confirmationNumberSchema = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[0-9A-Za-z]+$/);

/** A line of the cart as the client shows it: the price it shows is checked against the server's. */
export const checkoutCartLineSchema = cartLineSchema.extend({
  /** The unit price the client shows (dollars): the catalog price, or the override when set. */
  price: z.number().nonnegative(),
  /** Dollars; only with the organization's allowPriceOverride (spec 6). */
  priceOverride: z.number().nonnegative().max(MAX_PRICE_OVERRIDE).nullish(),
});
export type CheckoutCartLine = z.infer<typeof checkoutCartLineSchema>;

/**
 * `POST /api/checkout`: the cart without its ship-to address (spec 7), reduced to what the server
 * needs to re-price it: catalog, branch, destination state, lines and the charge choices.
 */
export const createCheckoutRequestSchema = z.object({
  catalog: catalogIdSchema,
  branchNumber: z.number().int().positive(),
  /** The destination state; CA when none is chosen (spec 9). */
  shipToState: stateCodeSchema.nullish(),
  email: z.string().trim().max(254).nullish(),
  items: z.array(checkoutCartLineSchema).min(1).max(500),
  /** The dealer's charge choices (true = declined). */
  choices: chargeChoicesSchema,
  /** What the client shows as the grand total; informative only, the server computes its own. */
  grandTotal: z.number().nullish(),
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

export const CHECKOUT_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

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

const detail = (max: number) => z.string().trim().max(max).default('');

/** `PUT /api/checkout` (spec 7). */
export const updateCheckoutRequestSchema = z.object({
  confirmationNumber: confirmationNumberSchema,
  shipToAddress: shipToAddressSchema,
  purchaseOrderNumber: detail(40),
  reference: detail(40),
  notes: detail(2000),
  shippingInstructions: detail(500),
  onAccount: z.boolean().default(false),
  cashOrder: z.boolean().default(false),
  /** The id of one of the organization's sales reps (session organization.takenBys), or ''. */
  takenBy: detail(50),
  taxCertificateNumber: detail(40),
  subscribedMarketing: z.boolean().default(false),
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
  paymentIntentId: z.string().trim().max(200).default(''),
  /** Identifies the checkout when it has no payment intent (an organization without cards). */
  confirmationNumber: confirmationNumberSchema.optional(),
  isPickup: z.boolean().default(false),
  warehouseId: z.string().trim().max(20).nullish(),
  shipToAddress: shipToAddressSchema,
  /** The client's cart; the server computes from the checkout's own re-priced cart instead. */
  cart: z.unknown().optional(),
  taxCertificateNumber: z.string().trim().max(40).default(''),
});
export type CalculateTaxesRequest = z.input<typeof calculateTaxesRequestSchema>;

export const calculateTaxesResponseSchema = z.object({
  taxes: z.number(),
  grandTotal: z.number(),
  taxesVerified: z.boolean(),
});
export type CalculateTaxesResponse = z.infer<typeof calculateTaxesResponseSchema>;
