/**
 * The header's cart total is the Grand Total, charges included (spec 2 "Signed-in shell": the cart
 * summary shows the total price). Issue 16: it says so when there are charges in it, so the total
 * is not mistaken for the items' prices. Null when the total is the items alone.
 */
export const CART_TOTAL_CHARGES_NOTE = 'incl. charges';

export function cartTotalNote(chargesSubTotal: number): string | null {
  return chargesSubTotal > 0 ? CART_TOTAL_CHARGES_NOTE : null;
}
