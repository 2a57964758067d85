/**
 * The parts of each product's JSON that come only from its `products` row (sku, brand, model, the
 * e-commerce texts and the shipping data: ~2 KB a product, ~97 KB for a 50-SKU cart), kept per
 * process so the priced statements send them only for products the server does not hold yet
 * (issue 15: writing and moving those texts was most of a cart refresh's cost, decision 009).
 *
 * Exact, never stale: each entry carries the revision of the product_texts row it was read from
 * (drizzle/0035: the row's `xmin`, the transaction that wrote that row version). The triggers that
 * keep that row rewrite it whenever a write of the product changes its fragments, whoever writes it
 * (seed, imports, integration, CLI or hand-written SQL), and only then. The statements compare the
 * revision the server holds with the row they read and send the texts again when they differ
 * (repository.ts staticFragments). Price, MSRP, stock and receipts are kept
 * apart, under the catalog data revision (priced-cache.ts).
 */
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';

/** A product's row-only JSON fragments, without their braces, and the row version they are from. */
export type StaticProductText = { rev: string; head: string; tail: string };

/**
 * Characters kept per database handle (about 6,000 products of the M set); the least recently used
 * goes first. V8 keeps text of Latin-1 characters at one byte a character and other text at two, so
 * this is 12 to 24 MB of memory. 16 M characters (8,000 products) took the server's RSS to 300 MB
 * once the bench's random carts filled it (2026-12-07; the budget is below 300 MB); a dealer's cart
 * and the products they look at are a far smaller set.
 */
export const PRODUCT_TEXT_CACHE_CHARACTERS = 12 * 1024 * 1024;

/** Product texts by SKU, weighed in characters. */
export class ProductTextCache extends RecentlyUsedMap<StaticProductText> {
  constructor(maxCharacters = PRODUCT_TEXT_CACHE_CHARACTERS) {
    super(maxCharacters, (text) => text.head.length + text.tail.length + text.rev.length);
  }

  get sizeInCharacters(): number {
    return this.weight;
  }
}

export const productTextCacheOf = perDatabase(() => new ProductTextCache());
