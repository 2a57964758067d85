/**
 * What a reorder needs of an order (issue 20 "Reorder"): its catalog and its lines' SKUs and
 * quantities. The order is read with the same scope as its details call (server-rules "Orders":
 * the organization, the chosen branch, and with limitOrderHistory the user's own orders), so an
 * order outside it answers 404 like one that does not exist.
 */
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { branchScope } from './order-scope.js';
import { findOrderChildren, findOrderInScope } from './repository.js';
import { ORDER_NOT_FOUND_MESSAGE } from './service.js';

export type ReorderSource = {
  catalogId: string | null;
  lines: { lineNumber: number; sku: string; quantity: number; isLabor: boolean }[];
};

export async function orderLinesForReorder(
  db: Database,
  principal: Principal,
  documentNumber: number,
  branchNumber: number,
): Promise<ReorderSource> {
  const order = await findOrderInScope(db, branchScope(principal, branchNumber), documentNumber);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const { lines } = await findOrderChildren(db, order.id);
  return {
    catalogId: order.catalogId,
    lines: lines.map((l) => ({ lineNumber: l.lineNumber, sku: l.sku, quantity: l.quantityOrdered, isLabor: l.isLabor })),
  };
}
