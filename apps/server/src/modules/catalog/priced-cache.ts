/**
 * The priced part of each product's JSON (catalog, price, MSRP, availability, scheduled receipts:
 * ProductTextRow's `body`) kept per process, per catalog, pricing terms and destination state
 * (issue 15). A product detail or a 50-SKU cart refresh whose products are all kept runs no priced
 * statement: only the catalog's visibility check, which also reads the revision below.
 *
 * Exact, never stale: an entry is kept under the catalog data revision (0013_catalog_data_revision.sql),
 * which triggers move in the same transaction as any change of products, catalog_products, catalogs,
 * price_list_items, stock, scheduled_receipts or warehouses, whoever writes. The revision is read
 * with the visibility check, before the priced statement, so an entry can only be newer than its
 * revision, never older; the next call after a change reads a new revision and prices again. Without
 * a revision (its row deleted by hand) nothing is kept.
 */
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';
import type { PricingContext } from './catalog-access.js';

/** A product's priced JSON fragment, without its braces, and the row revision of the product it was priced from. */
export type PricedText = { rev: string; body: string };

/**
 * Characters kept per database handle (about 40,000 products priced for one set of terms and state);
 * the least recently used goes first. 16 to 32 MB of memory (see product-text-cache.ts).
 */
export const PRICED_CACHE_CHARACTERS = 16 * 1024 * 1024;

export class PricedTextCache extends RecentlyUsedMap<PricedText> {
  /** The newest catalog data revision seen: entries of older revisions can never be answered again. */
  private newestRevision = 0n;

  constructor(maxCharacters = PRICED_CACHE_CHARACTERS) {
    super(maxCharacters, (text) => text.body.length + text.rev.length);
  }

  /**
   * The start of the keys of products priced in `ctx` for `shipToState` (a key is it and the SKU),
   * or null when nothing may be kept (no revision). A revision newer than any seen empties the
   * cache: the older entries can never be answered again.
   */
  keyPrefix(ctx: PricingContext, shipToState: string): string | null {
    if (ctx.dataRevision === null) return null;
    const revision = BigInt(ctx.dataRevision);
    if (revision > this.newestRevision) {
      this.newestRevision = revision;
      this.clear();
    }
    return pricedKeyPrefix(ctx, shipToState);
  }

  /** Whether the priced text of `sku` at row revision `rev` is kept for `ctx` and the state (keyPrefix without its clearing). */
  holds(ctx: PricingContext, shipToState: string, sku: string, rev: string): boolean {
    return ctx.dataRevision !== null && this.peek(pricedKeyPrefix(ctx, shipToState) + sku)?.rev === rev;
  }
}

const pricedKeyPrefix = (ctx: PricingContext, shipToState: string) =>
  `${ctx.dataRevision}|${ctx.catalogId}|${ctx.organizationPriceListId}|${ctx.restrictedPricing}|${shipToState}|`;

export const pricedTextCacheOf = perDatabase(() => new PricedTextCache());
