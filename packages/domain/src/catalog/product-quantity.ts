/**
 * A product's quantity box (spec 5 "Product quantity: digits only, otherwise reverts to the current
 * cart quantity or 1"): on the product page, and in the catalog's phone rows (issue 32). Apart from
 * the search schemas (./search.ts), so the catalog screen reads it without loading zod (issue 21).
 */

/** The quantity the box holds after an edit. */
export function productQuantityOf(text: string, cartQuantity: number): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) && Number(trimmed) > 0) return Number(trimmed);
  return cartQuantity > 0 ? cartQuantity : 1;
}
