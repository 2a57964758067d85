/**
 * A catalog priced at its own price list: no organization's prices, no restriction. What the
 * command line's catalog file (modules/imports, `export catalog`) reads, so that `import catalog`
 * reads it back.
 */
import type { Database } from '../../db/client.js';
import type { PricingContext } from './catalog-access.js';
import { findCatalogPriceBasis } from './catalogs-repository.js';

/** The pricing of the catalog at its own price list; undefined when no catalog has the id. */
export async function ownPricesOf(db: Database, catalogId: string): Promise<PricingContext | undefined> {
  const catalog = await findCatalogPriceBasis(db, catalogId);
  if (!catalog) return undefined;
  return {
    catalogId: catalog.id,
    catalogPriceListId: catalog.priceListId,
    organizationPriceListId: null,
    shipsOnlyFrom: catalog.shipsOnlyFrom,
    restrictedPricing: false,
    productCount: 0,
    searchVersion: 0,
    dataRevision: null, // the export keeps nothing (priced-cache.ts)
  };
}
