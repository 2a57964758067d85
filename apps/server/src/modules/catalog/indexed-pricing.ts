/**
 * Products priced by the catalog's in-process index (decision 026): price and MSRP from the prices
 * it holds (search-index.ts callerPrice), availability and receipts from its stock book
 * (stock-book.ts), as the members of each Product's JSON that repository.ts pricedSelect writes in
 * its `body` column. A priced statement cost PostgreSQL per product a listing check, two price list
 * lookups, scans of stock and receipts and the JSON (~1 ms for 20-50 products): under 50 clients
 * that was most of the database's work, and the machine's.
 *
 * The index answers for the search version and data revision the caller read with the catalog's
 * visibility (searchIndexFor catches it up to that revision first), so its prices are never older
 * than the caller's own statement.
 */
import { centsToDollars } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import type { PricingContext } from './catalog-access.js';
import type { CatalogSearchIndex, PriceBasis } from './search-index.js';
import { heldIndexOf, organizationPricesHeld, searchIndexFor } from './search-index-store.js';

/** Whether this process holds an index of the catalog that can price (one with its stock book): worth asking for texts alone. */
export function canPriceInProcess(db: Database, catalogId: string): boolean {
  return heldIndexOf(db, catalogId)?.stockBook !== undefined;
}

/**
 * The SKUs the catalog lists, each with the `body` members (catalog, price, msrp, availability,
 * scheduledAvailability) of its JSON, in the SKUs' order, priced for `ctx` and the destination state
 * by the catalog's index. The index is the one at ctx's search version, whose SKUs are those the
 * catalog listed at that version: a SKU it does not hold is left out. Undefined when the index
 * cannot price them all now (none held at ctx's search version and revision, an organization price
 * list it cannot hold, a listed product without its prices): the caller then prices in SQL.
 */
export async function indexPricedBodies(
  db: Database,
  ctx: PricingContext,
  shipToState: string,
  skus: readonly string[],
): Promise<{ sku: string; body: string }[] | undefined> {
  const index = await searchIndexFor(db, ctx);
  if (!index?.stockBook) return undefined;
  const basis = await callerPriceBasis(db, index, ctx);
  if (!basis) return undefined;
  // From here on synchronous: no catch-up moves the index while the products are priced.
  const book = index.stockBook;
  const catalog = JSON.stringify(ctx.catalogId);
  const priced: { sku: string; body: string }[] = [];
  for (const sku of skus) {
    const o = index.ordinalOf(sku);
    if (o === undefined) continue;
    const price = index.callerPrice(o, basis);
    if (!price) return undefined;
    const body =
      `"catalog":${catalog},"price":${centsToDollars(price.cents)},"msrp":${centsToDollars(price.msrpCents)},` +
      book.availabilityMembers(o, shipToState);
    priced.push({ sku, body });
  }
  return priced;
}

/**
 * The caller's prices as the index holds them: MSRPs for a restricted caller, the catalog's, or
 * the organization's own list over them (read into the index the first time; null when it cannot be
 * held now, and SQL prices or orders instead). Also indexed-search.ts's, for price orders.
 */
export async function callerPriceBasis(
  db: Database,
  index: CatalogSearchIndex,
  ctx: PricingContext,
): Promise<Exclude<PriceBasis, null> | null> {
  if (ctx.restrictedPricing) return 'msrp';
  const list = ctx.organizationPriceListId;
  if (list === null) return 'catalog';
  return (await organizationPricesHeld(db, ctx.catalogId, index, list)) ? { organizationList: list } : null;
}
