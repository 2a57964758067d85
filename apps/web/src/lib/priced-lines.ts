/**
 * The words and navigation notice of lines put into the cart by a quick order, reorder or saved
 * cart (issue 20). The cart feature adds the lines (`useCartActions().addPricedLines`) and answers
 * a `PricedLinesOutcome`; the screen that asked says what was added and which lines were left out.
 */
export type RejectedLine = { line: number; sku: string; message: string };

export type PricedLinesOutcome =
  { differentCatalog: true } | { differentCatalog: false; addedLines: number; addedUnits: number; rejected: RejectedLine[] };

/**
 * What a screen that filled the cart (reorder, saved cart) hands to the cart page through the
 * navigation's state: what was added and the lines left out.
 */
export type CartNotice = { message: string; rejected: RejectedLine[] };

export function cartNoticeOf(state: unknown): CartNotice | null {
  const notice = (state as { cartNotice?: CartNotice } | null)?.cartNotice;
  return notice && typeof notice.message === 'string' && Array.isArray(notice.rejected) ? notice : null;
}

/** The navigation state carrying a notice to the cart page. */
export const cartNoticeState = (notice: CartNotice) => ({ cartNotice: notice });

/** 'Added 3 lines (7 units) to the cart.' */
export function addedText(lines: number, units: number): string {
  if (lines === 0) return 'Nothing was added to the cart.';
  return `Added ${lines === 1 ? '1 line' : `${lines} lines`} (${units} ${units === 1 ? 'unit' : 'units'}) to the cart.`;
}
