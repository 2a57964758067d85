/**
 * An order line's amount (spec 2 "Order Details", the order PDF): its price in dollars times a
 * quantity, in whole cents. Prices are rounded to the cent first, so a line's amount and the sum
 * of the lines agree with what the order was charged, cent for cent.
 */
import { dollarsToCents } from '../format.js';

export function orderLineAmountCents(line: { price: number }, quantity: number): number {
  return dollarsToCents(line.price) * quantity;
}

/** The items of an order: every line's amount at the quantity ordered. */
export function orderItemsTotalCents(lines: readonly { price: number; quantityOrdered: number }[]): number {
  return lines.reduce((sum, line) => sum + orderLineAmountCents(line, line.quantityOrdered), 0);
}
