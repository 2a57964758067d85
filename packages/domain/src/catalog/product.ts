/**
 * The Product entity of spec section 3, as every catalog call answers it (search results, product
 * details, the cart's batch refresh). Money is in dollars rounded to cents (server-rules "Money");
 * `price` is the dealer net price, or the MSRP for a restrictedPricing user (spec 6).
 */
import { z } from 'zod';

export const availabilitySchema = z.object({
  /** inRegion + outsideRegion. */
  netAvailable: z.number().int(),
  /** Earliest scheduled receipt (`YYYY-MM-DD`), null when nothing is scheduled. */
  nextReceiptDate: z.string().nullable(),
  /** Stock in warehouses that serve the destination state. */
  inRegion: z.number().int(),
  /** Stock in the catalog's other warehouses. */
  outsideRegion: z.number().int(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const scheduledAvailabilitySchema = z.object({
  availableQuantity: z.number().int(),
  date: z.string(),
});
export type ScheduledAvailability = z.infer<typeof scheduledAvailabilitySchema>;

export const eCommerceInformationSchema = z.object({
  label: z.string(),
  shortDescription: z.string(),
  mediumDescription: z.string(),
  longDescription: z.string(),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  inTheBox: z.array(z.string()),
  images: z.array(z.string()),
  /** Download name → URL. */
  downloads: z.record(z.string(), z.string()),
});
export type ECommerceInformation = z.infer<typeof eCommerceInformationSchema>;

export const shippingInformationSchema = z.object({
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  requiresGeoWarehouse: z.boolean(),
  requiresFlatbed: z.boolean(),
  requiresForkLift: z.boolean(),
  requiresLiftGate: z.boolean(),
  requiresResidential: z.boolean(),
  /** Not in the spec's list but carried by the cart item (spec 3 "Cart item"). */
  isSmallParcel: z.boolean(),
});
export type ShippingInformation = z.infer<typeof shippingInformationSchema>;

export const productSchema = z.object({
  sku: z.string(),
  brand: z.string(),
  /** Shown on the product page beside SKU and brand (spec 2 "Product details"). */
  model: z.string(),
  /** The catalog the product was priced in (the cart is bound to one catalog, spec 4). */
  catalog: z.string(),
  price: z.number(),
  msrp: z.number(),
  availability: availabilitySchema,
  scheduledAvailability: z.array(scheduledAvailabilitySchema),
  eCommerceInformation: eCommerceInformationSchema,
  shippingInformation: shippingInformationSchema,
});
export type Product = z.infer<typeof productSchema>;
