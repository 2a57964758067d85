/**
 * Puts the answer of a quick order, reorder or saved cart (issue 20: lines priced by the server,
 * each with its item or the reason it cannot be added) into the cart, and says which lines were
 * left out and why, in line order.
 */
import { QUICK_ORDER_REASONS } from '@portal/domain/rules';
import type { QuickOrderValidateResponse } from '@portal/domain';
import type { PricedLinesOutcome, RejectedLine } from '@/lib/priced-lines';
import { addLinesToCart, type CartLineToAdd } from './cart-state';

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
