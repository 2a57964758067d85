/**
 * Puts the answer of a quick order, reorder or saved cart (issue 20: lines priced by the server,
 * each with its item or the reason it cannot be added) into the cart, and says which lines were
 * left out and why, in line order.
 */
import { QUICK_ORDER_REASONS, type QuickOrderValidateResponse } from '@portal/domain';
import { addLinesToCart, type CartLineToAdd } from './cart-store';

export type RejectedLine = { line: number; sku: string; message: string };

export type PricedLinesOutcome =
  { differentCatalog: true } | { differentCatalog: false; addedLines: number; addedUnits: number; rejected: RejectedLine[] };

export function addPricedLinesToCart(answer: QuickOrderValidateResponse, alreadyRejected: RejectedLine[] = []): PricedLinesOutcome {
  const valid: CartLineToAdd[] = answer.lines.flatMap((l) => (l.item ? [{ line: l.line, item: l.item, quantity: l.quantity }] : []));
  const result = addLinesToCart(answer.catalog, valid);
  if ('differentCatalog' in result) return { differentCatalog: true };
  const rejected: RejectedLine[] = [
    ...alreadyRejected,
    ...answer.lines.filter((l) => !l.item).map((l) => ({ line: l.line, sku: l.sku, message: l.message })),
    ...result.tooMany.map((l) => ({ line: l.line, sku: l.item.sku, message: QUICK_ORDER_REASONS.tooMany })),
  ].sort((a, b) => a.line - b.line);
  return {
    differentCatalog: false,
    addedLines: result.added.length,
    addedUnits: result.added.reduce((sum, l) => sum + l.quantity, 0),
    rejected,
  };
}

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
