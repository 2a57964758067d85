/**
 * The Bulk Pricing calculator (spec 2 "Bulk Pricing", 5, 9): five quantity tiers, the first 2% off
 * the net price and each next one 2% off the previous, rounded to whole numbers.
 */
export const BULK_PRICING_TIER_LABELS = ['5-10', '11-19', '20-50', '51-100', '100+'] as const;
export const BULK_PRICING_STEP_DISCOUNT = 0.02;

export type BulkPricingTier = { label: (typeof BULK_PRICING_TIER_LABELS)[number]; price: number };

/** Spec 5: the input is parsed as a number; anything invalid or negative becomes 0. */
export function parseNetPrice(input: string | number | null | undefined): number {
  if (input === null || input === undefined) return 0;
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Each tier is 2% off the previous tier's rounded price (spec 9: "each tier is 2% off the previous
 * one, rounded to whole numbers; the first is 2% off the net price").
 */
export function bulkPricingTiers(netPrice: number): BulkPricingTier[] {
  const tiers: BulkPricingTier[] = [];
  let previous = Number.isFinite(netPrice) && netPrice > 0 ? netPrice : 0;
  for (const label of BULK_PRICING_TIER_LABELS) {
    const price = Math.round(previous * (1 - BULK_PRICING_STEP_DISCOUNT));
    tiers.push({ label, price });
    previous = price;
  }
  return tiers;
}
