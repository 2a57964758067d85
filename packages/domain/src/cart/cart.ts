/**
 * The cart of spec section 3 ("Cart", "Cart item", "Charges") as the web client keeps it and as
 * `POST /api/cart/price` answers it. Money fields are dollars rounded to cents (server-rules
 * "Money"); the arithmetic behind them is done in integer cents by `./charges.ts`.
 */
import { z } from 'zod';
import { idNumber } from '../validators.js';
import { stateCodeSchema } from '../api/common.js';
import { catalogIdSchema, skuSchema } from '../catalog/search.js';
import { MAX_CART_QUANTITY, MAX_PRICE_OVERRIDE } from './inputs.js';

/** The shipping flags a cart item carries from its product (server-rules "Charges"). */
export const shippingFlagsSchema = z.object({
  requiresLiftGate: z.boolean(),
  requiresForkLift: z.boolean(),
  requiresResidential: z.boolean(),
  requiresGeoWarehouse: z.boolean(),
  requiresFlatbed: z.boolean(),
  isSmallParcel: z.boolean(),
});
export type ShippingFlags = z.infer<typeof shippingFlagsSchema>;

/**
 * What a screen hands to the cart when the dealer adds a product (catalog tile 'Add To Cart',
 * product page 'Update Cart'): the product as shown, without quantity. `price` is in dollars.
 */
export const cartItemInputSchema = z.object({
  sku: z.string(),
  label: z.string(),
  brand: z.string(),
  description: z.string(),
  /** Image URL; empty means the default placeholder (spec 9). */
  thumbnail: z.string(),
  price: z.number().nonnegative(),
  ...shippingFlagsSchema.shape,
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

/**
 * A line of the cart (spec 3 "Cart item"). `originalPrice` is the catalog price the server
 * answered, `priceOverride` the dealer's own price (only where the organization allows price
 * override, spec 6) or null, and `price` the unit price charged: the override when set, else the
 * original price.
 */
export const cartItemSchema = cartItemInputSchema.extend({
  quantity: z.number().int().positive(),
  priceOverride: z.number().nonnegative().nullable(),
  originalPrice: z.number().nonnegative(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * One charge (spec 3 "Charges": required, declined, amount). `amount` is the fee in dollars
 * whenever the charge is required (also when declined, so the cart can show what declining saves)
 * and is counted in the totals only when required and not declined. `declinable` says whether the
 * dealer may change `declined` (spec 4 "Charges").
 */
export const chargeSchema = z.object({
  required: z.boolean(),
  declined: z.boolean(),
  declinable: z.boolean(),
  amount: z.number().nonnegative(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargesSchema = z.object({
  notice: chargeSchema,
  residential: chargeSchema,
  forklift: chargeSchema,
  liftgate: chargeSchema,
  flatbed: chargeSchema,
});
export type Charges = z.infer<typeof chargesSchema>;

/**
 * The dealer's accept/decline choices (true = declined). They are the dealer's intent; the charge
 * rules decide what is effectively declined (e.g. a flatbed cart never declines the notice).
 */
export const chargeChoicesSchema = z.object({
  notice: z.boolean(),
  residential: z.boolean(),
  forklift: z.boolean(),
  liftgate: z.boolean(),
});
export type ChargeChoices = z.infer<typeof chargeChoicesSchema>;

/**
 * One charge of the spec's Cart as a client sends it (spec 3 "Charges": required, declined, amount).
 * Only `declined` is read, as the dealer's choice; `required`, `amount` (and our `declinable`) are
 * the client's view and are recomputed by the server (server-rules "Charges").
 */
export const chargeInputSchema = z.object({
  required: z.boolean().nullish(),
  declined: z.boolean().nullish(),
  declinable: z.boolean().nullish(),
  amount: z.number().nullish(),
});
export type ChargeInput = z.input<typeof chargeInputSchema>;

/** The spec's `charges` of a cart in a request; a charge left out counts as accepted (not declined). */
export const chargesInputSchema = z.object({
  notice: chargeInputSchema.nullish(),
  residential: chargeInputSchema.nullish(),
  forklift: chargeInputSchema.nullish(),
  liftgate: chargeInputSchema.nullish(),
  flatbed: chargeInputSchema.nullish(),
});
export type ChargesInput = z.input<typeof chargesInputSchema>;

/** The cart reduced to what order-related calls send (spec 3: catalog and items with sku and quantity). */
export const cartLineSchema = z.object({
  sku: skuSchema,
  quantity: z.number().int().positive().max(MAX_CART_QUANTITY),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** `POST /api/cart/price`: the server prices the cart itself from SKUs and quantities. */
export const cartPriceRequestSchema = z.object({
  catalog: catalogIdSchema,
  branchNumber: idNumber(),
  /** Default CA when the dealer has chosen none (spec 9). */
  shipToState: stateCodeSchema.nullish(),
  items: z
    .array(
      cartLineSchema.extend({
        /** Dollars; honoured only when the organization allows price override (spec 6). */
        priceOverride: z.number().nonnegative().max(MAX_PRICE_OVERRIDE).nullish(),
      }),
    )
    .max(500),
  choices: chargeChoicesSchema,
});
export type CartPriceRequest = z.infer<typeof cartPriceRequestSchema>;

export const cartTotalsSchema = z.object({
  itemsSubTotal: z.number(),
  chargesSubTotal: z.number(),
  grandTotal: z.number(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const pricedCartSchema = z.object({
  catalog: z.string(),
  branchNumber: z.number().int(),
  shipToState: stateCodeSchema,
  items: z.array(cartItemSchema),
  charges: chargesSchema,
  /** 'FLB' when a flatbed is required, else null (the carrier is chosen later). */
  shipvia: z.string().nullable(),
  ...cartTotalsSchema.shape,
});
export type PricedCart = z.infer<typeof pricedCartSchema>;
