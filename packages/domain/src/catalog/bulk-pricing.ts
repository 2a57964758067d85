/**
 * The Bulk Pricing calculator (spec 2 "Bulk Pricing", 5, 9): five quantity tiers, the first 2% off
 * the net price and each next one 2% off the previous, rounded to whole numbers.
 */
export const BULK_PRICING_TIER_LABELS = ['5-10', '11-19', '20-50', '51-100', '100+'] as const;
export const BULK_PRICING_STEP_DISCOUNT = 0.02;

export type BulkPricingTier = { label: (typeof BULK_PRICING_TIER_LABELS)[number]; price: number };

/**
 * What the Net Price box holds once read (issue 34): a price, nothing typed, or an entry that is not
 * a price. Dollar signs and commas are stripped first, as the cart's price override does
 * (`parsePriceOverride`), so "$1,000", "1,000" and "$1000" all read as 1000.
 */
export type NetPriceEntry = { kind: 'price'; value: number } | { kind: 'empty' } | { kind: 'unreadable'; entry: string };

export function readNetPrice(input: string | number | null | undefined): NetPriceEntry {
  if (input === null || input === undefined) return { kind: 'empty' };
  if (typeof input === 'number') {
    return Number.isFinite(input) && input >= 0 ? { kind: 'price', value: input } : { kind: 'unreadable', entry: String(input) };
  }
  const entry = input.trim();
  if (entry === '') return { kind: 'empty' };
  const digits = entry.replace(/[$,]/g, '').trim();
  if (!/^\d*\.?\d*$/.test(digits) || !/\d/.test(digits)) return { kind: 'unreadable', entry };
  const value = Number(digits);
  return Number.isFinite(value) ? { kind: 'price', value } : { kind: 'unreadable', entry };
}

/** The message under the Net Price box for an entry that cannot be read; it names the entry. */
export function netPriceError(entry: string): string {
  return `"${entry}" is not a price, so 0.00 is used. Enter a number such as 1000 or $1,000.00.`;
}

/** Spec 5: the input is parsed as a number; anything invalid or negative becomes 0. */
export function parseNetPrice(input: string | number | null | undefined): number {
  const read = readNetPrice(input);
  return read.kind === 'price' && read.value > 0 ? read.value : 0;
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
