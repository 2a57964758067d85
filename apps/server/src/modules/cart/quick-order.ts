/**
 * Quick order and reorder (issue 20): lines of SKUs and quantities priced and stocked for the
 * caller's branch, catalog and destination state, each answered with the product as the cart takes
 * it or the reason it cannot be added. The lines are priced by the catalog's batch lookup (one
 * set-based statement for all of them, however many); only when some SKUs are missing does one
 * more statement tell "not in this catalog" from "unknown SKU".
 */
import { cartItemInputOf, DEFAULT_SHIP_TO_STATE, FALLBACK_CATALOG_ID, MAX_CART_QUANTITY, QUICK_ORDER_REASONS } from '@portal/domain/rules';
import type { QuickOrderResultLine, QuickOrderValidateRequest, QuickOrderValidateResponse, ReorderRequest } from '@portal/domain';
import type { Database } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { findProductsBySkus, skusInCallerCatalogs } from '../catalog/index.js';
import { orderLinesForReorder } from '../orders/index.js';

/** A line to price, or one already known to be refused (a reordered labor line). */
type PricingLine = { line: number; sku: string; quantity: number; refused?: 'labor' | 'badQuantity' };

async function priceLines(
  db: Database,
  principal: Principal,
  input: { catalog: string; branchNumber: number; shipToState: QuickOrderValidateResponse['shipToState']; lines: PricingLine[] },
): Promise<QuickOrderValidateResponse> {
  const wanted = input.lines.filter((l) => !l.refused);
  // Always asked, also with no line to price: the branch (403) and the catalog (404) are checked.
  const products = await findProductsBySkus(db, principal, {
    skus: wanted.map((l) => l.sku),
    catalog: input.catalog,
    branchNumber: input.branchNumber,
    shipToState: input.shipToState,
  });
  const bySku = new Map(products.map((product) => [product.sku, product]));
  const missing = wanted.filter((l) => !bySku.has(l.sku)).map((l) => l.sku);
  const listedElsewhere = missing.length > 0 ? await skusInCallerCatalogs(db, principal, missing) : new Set<string>();

  const lines = input.lines.map((l): QuickOrderResultLine => {
    const base = { line: l.line, sku: l.sku, quantity: l.quantity };
    if (l.refused) return { ...base, reason: l.refused, message: QUICK_ORDER_REASONS[l.refused], item: null, availability: null };
    const product = bySku.get(l.sku);
    if (!product) {
      const reason = listedElsewhere.has(l.sku) ? 'notInCatalog' : 'unknownSku';
      return { ...base, reason, message: QUICK_ORDER_REASONS[reason], item: null, availability: null };
    }
    return { ...base, reason: null, message: '', item: cartItemInputOf(product), availability: product.availability };
  });
  return {
    catalog: products[0]?.catalog ?? input.catalog,
    branchNumber: input.branchNumber,
    shipToState: input.shipToState,
    lines,
  };
}

/** `POST /api/cart/quick-order/validate`. */
export function validateQuickOrder(
  db: Database,
  principal: Principal,
  request: QuickOrderValidateRequest,
): Promise<QuickOrderValidateResponse> {
  return priceLines(db, principal, {
    catalog: request.catalog,
    branchNumber: request.branchNumber,
    shipToState: request.shipToState ?? DEFAULT_SHIP_TO_STATE,
    lines: request.lines,
  });
}

/** Lines of a saved cart (or any list of SKUs and quantities) in a catalog, priced as a quick order. */
export function priceCartLines(
  db: Database,
  principal: Principal,
  input: { catalog: string; branchNumber: number; shipToState?: QuickOrderValidateResponse['shipToState'] | null; lines: PricingLine[] },
): Promise<QuickOrderValidateResponse> {
  return priceLines(db, principal, { ...input, shipToState: input.shipToState ?? DEFAULT_SHIP_TO_STATE });
}

/**
 * `POST /api/cart/reorder`: the lines of an order of the branch (scoped as its details, 404
 * otherwise) priced today in the order's catalog. Labor lines are no product and are refused.
 */
export async function reorder(db: Database, principal: Principal, request: ReorderRequest): Promise<QuickOrderValidateResponse> {
  const source = await orderLinesForReorder(db, principal, request.documentNumber, request.branchNumber);
  const lines = source.lines.map((l): PricingLine => ({
    line: l.lineNumber,
    sku: l.sku,
    quantity: l.quantity,
    refused: l.isLabor ? 'labor' : l.quantity < 1 || l.quantity > MAX_CART_QUANTITY ? 'badQuantity' : undefined,
  }));
  return priceLines(db, principal, {
    // An order placed before catalogs were recorded is reordered in the user's first catalog.
    catalog: source.catalogId ?? FALLBACK_CATALOG_ID,
    branchNumber: request.branchNumber,
    shipToState: request.shipToState ?? DEFAULT_SHIP_TO_STATE,
    lines,
  });
}
