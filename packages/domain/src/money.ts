/**
 * Cents and dollars (server-rules "Money"): all arithmetic is in integer cents, API fields and
 * screens carry dollars rounded to cents. The one place the two are converted; pure and zod-free.
 */

/** Dollars from (whole) cents: `1250` → `12.5`. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Whole cents from dollars, rounded to the nearest cent: `12.345` → `1235`. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Dollars rounded to the cent: `12.345` → `12.35`. */
export function roundToCents(dollars: number): number {
  return centsToDollars(dollarsToCents(dollars));
}

/** Whether two dollar amounts are the same to the cent. */
export function sameCents(a: number, b: number): boolean {
  return dollarsToCents(a) === dollarsToCents(b);
}

/** `12.50` from whole cents: dollars with two decimals, no sign of currency (plain text such as the command line's). */
export function plainDollars(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}
