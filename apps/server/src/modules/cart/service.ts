/**
 * Server pricing of a cart (server-rules "Charges": the server recomputes charges and totals from
 * SKUs and quantities and never trusts the client's amounts). Prices come from the catalog's batch
 * lookup for the caller's branch, catalog and destination state; charges from the shared domain
 * rules with the organization's fees. `POST /api/cart/price` answers it, and the checkout re-prices
 * with it.
 */
import { calculateCart, cartItemInputOf, DEFAULT_SHIP_TO_STATE } from '@portal/domain/rules';
import type { CartItem, CartPriceRequest, PricedCart } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { findProductsBySkus } from '../catalog/index.js';
import { organizationFees } from '../organizations/index.js';

export const DUPLICATE_SKU_MESSAGE = 'Each SKU may appear only once in the cart.';

export type PricedCartResult = PricedCart & {
  /** SKUs that the catalog no longer offers to the caller; they are dropped (spec 4 "Cart"). */
  removedSkus: string[];
};

/**
 * Prices a cart for the caller. The branch must be one of the caller's (403) and the catalog one
 * the caller may see (404), as for every catalog call. A price override is honoured only when the
 * organization allows it (spec 6); otherwise the catalog price stands, and a checkout comparing
 * prices will notice the difference.
 */
export async function priceCart(db: Database, principal: Principal, request: CartPriceRequest): Promise<PricedCartResult> {
  const seen = new Set<string>();
  for (const [index, line] of request.items.entries()) {
    if (seen.has(line.sku)) throw badRequest(`items.${index}.sku`, DUPLICATE_SKU_MESSAGE);
    seen.add(line.sku);
  }
  const shipToState = request.shipToState ?? DEFAULT_SHIP_TO_STATE;
  // The organization's fees as they are now (the caller holds none), read by its primary key beside
  // the catalog's lookup rather than after it, so the cart waits for no extra round trip.
  const [products, fees] = await Promise.all([
    findProductsBySkus(db, principal, {
      skus: request.items.map((line) => line.sku),
      catalog: request.catalog,
      branchNumber: request.branchNumber,
      shipToState,
    }),
    organizationFees(db, principal.organization.id),
  ]);
  const bySku = new Map(products.map((product) => [product.sku, product]));
  const allowOverride = principal.organization.allowPriceOverride;

  const items: CartItem[] = [];
  const removedSkus: string[] = [];
  for (const line of request.items) {
    const product = bySku.get(line.sku);
    if (!product) {
      removedSkus.push(line.sku);
      continue;
    }
    const input = cartItemInputOf(product);
    const priceOverride = allowOverride && line.priceOverride != null && line.priceOverride !== input.price ? line.priceOverride : null;
    items.push({ ...input, quantity: line.quantity, originalPrice: input.price, priceOverride, price: priceOverride ?? input.price });
  }

  const result = calculateCart(items, fees, request.choices);
  return {
    // The catalog's own id ('portal' resolves to the user's first catalog).
    catalog: products[0]?.catalog ?? request.catalog,
    branchNumber: request.branchNumber,
    shipToState,
    items,
    charges: result.charges,
    shipvia: result.shipvia,
    itemsSubTotal: result.itemsSubTotal,
    chargesSubTotal: result.chargesSubTotal,
    grandTotal: result.grandTotal,
    removedSkus,
  };
}
