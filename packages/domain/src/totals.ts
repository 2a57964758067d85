/**
 * The totals of a cart, a checkout and an order (spec 2 "Shopping cart", "Checkout page", "Order
 * Details"; server-rules "Money"): each rule once, in integer cents, read by the web app and the
 * server alike. Pure and zod-free.
 */
import { dollarsToCents } from './money.js';
import { CHARGE_KINDS, type ChargeKind } from './cart/charge-kinds.js';

/**
 * A line's amount: its unit price in dollars, rounded to the cent first, times the quantity. So a
 * line's amount and the sum of the lines agree with what is charged, cent for cent.
 */
export function lineAmountCents(unitPrice: number, quantity: number): number {
  return dollarsToCents(unitPrice) * quantity;
}

/** The items of an order: every line's amount at the quantity ordered. */
export function orderItemsTotalCents(lines: readonly { price: number; quantityOrdered: number }[]): number {
  return lines.reduce((sum, line) => sum + lineAmountCents(line.price, line.quantityOrdered), 0);
}

/** A charge as the cart computes it (amount in cents) or as the API carries it (amount in dollars). */
export type CountableCharge = { required: boolean; declined: boolean } & ({ amountCents: number } | { amount: number });

/** A charge counts in the totals when it is required and not declined (spec 3 "Charges"); else it adds 0. */
export function countedChargeCents(charge: CountableCharge): number {
  if (!charge.required || charge.declined) return 0;
  return 'amountCents' in charge ? charge.amountCents : dollarsToCents(charge.amount);
}

/** The charges counted in the totals. */
export function chargesSubTotalCents(charges: Readonly<Record<ChargeKind, CountableCharge>>): number {
  return CHARGE_KINDS.reduce((sum, kind) => sum + countedChargeCents(charges[kind]), 0);
}

/** What makes a grand total; the cart has no taxes or discount yet (they come with the checkout). */
export type TotalParts = { itemsCents: number; chargesCents: number; taxCents?: number; discountCents?: number };

/** Grand Total: items, charges and taxes, less any discount. */
export function grandTotalCents({ itemsCents, chargesCents, taxCents = 0, discountCents = 0 }: TotalParts): number {
  return itemsCents + chargesCents + taxCents - discountCents;
}
