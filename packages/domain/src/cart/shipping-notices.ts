/**
 * What delivery an item needs, in words: the per-item warnings of the cart (spec 2 "Shopping cart":
 * customer-provided forklift needed (flatbed); forklift service or forklift at destination;
 * liftgate service or forklift; residential service) and the shipping notices of the product page
 * (spec 2 "Product details"), which say the same things in the same words before the dealer adds
 * the product. One warning per requirement the item carries: the precedence of the charge rules
 * (flatbed over forklift over liftgate, charges.ts) decides the cart's charges, not what an item
 * is said to need. Pure and zod-free.
 */
import type { ShippingFlags } from './cart.js';

export type ItemWarning = 'flatbed' | 'forklift' | 'liftgate' | 'residential';

/** The per-item warnings of spec 2 "Shopping cart". */
export const ITEM_WARNING_TEXTS: Record<ItemWarning, string> = {
  flatbed: 'Ships on a flatbed truck: a customer-provided forklift is needed at the destination.',
  forklift: 'Requires forklift service or a forklift at the destination.',
  liftgate: 'Requires liftgate service or a forklift at the destination.',
  residential: 'Requires residential service when delivered to a residence.',
};

/** The warnings of one item, one per shipping requirement it carries, in the order of the spec. */
export function itemWarnings(
  item: Pick<ShippingFlags, 'requiresFlatbed' | 'requiresForkLift' | 'requiresLiftGate' | 'requiresResidential'>,
): ItemWarning[] {
  const warnings: ItemWarning[] = [];
  if (item.requiresFlatbed) warnings.push('flatbed');
  if (item.requiresForkLift) warnings.push('forklift');
  if (item.requiresLiftGate) warnings.push('liftgate');
  if (item.requiresResidential) warnings.push('residential');
  return warnings;
}

/** How the item ships, beside what it needs at the destination (the product page only). */
export const SHIPPING_METHOD_TEXTS = {
  geoWarehouse: 'Ships from a regional warehouse.',
  smallParcel: 'Ships by small parcel.',
} as const;

/** The shipping notices of the product page: the cart's warnings for the item, then how it ships. */
export function productShippingNotices(info: ShippingFlags): string[] {
  const notices = itemWarnings(info).map((warning) => ITEM_WARNING_TEXTS[warning]);
  if (info.requiresGeoWarehouse) notices.push(SHIPPING_METHOD_TEXTS.geoWarehouse);
  if (info.isSmallParcel) notices.push(SHIPPING_METHOD_TEXTS.smallParcel);
  return notices;
}
