/**
 * The parts of each product's JSON that come only from its `products` row (sku, brand, model, the
 * e-commerce texts and the shipping data: ~2 KB a product, ~97 KB for a 50-SKU cart), kept per
 * process so the priced statements send them only for products the server does not hold yet
 * (issue 15: writing and moving those texts was most of a cart refresh's cost, decision 009).
 *
 * Exact, never stale: each entry carries the revision of the row it was read from (the row's
 * `xmin`, the transaction that wrote that row version; every UPDATE, and a DELETE with a new INSERT,
 * gives the row a new one, whoever writes it: seed, imports, integration, CLI or hand-written SQL).
 * The statements compare the revision the server holds with the row they read and send the texts
 * again when they differ (repository.ts pricedProducts). Price, MSRP, stock and receipts are never
 * kept here: they are read on every call.
 */
import type { Database } from '../../db/client.js';

/** A product's row-only JSON fragments, without their braces, and the row version they are from. */
export type StaticProductText = { rev: string; head: string; tail: string };

/**
 * Characters kept per database handle (about 8,000 products of the M set); the least recently used
 * goes first. V8 keeps text of Latin-1 characters at one byte a character and other text at two, so
 * this is 16 to 32 MB of memory.
 */
export const PRODUCT_TEXT_CACHE_CHARACTERS = 16 * 1024 * 1024;

export class ProductTextCache {
  private readonly entries = new Map<string, StaticProductText>();
  private characters = 0;

  constructor(private readonly maxCharacters = PRODUCT_TEXT_CACHE_CHARACTERS) {}

  get(sku: string): StaticProductText | undefined {
    const hit = this.entries.get(sku);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(sku);
      this.entries.set(sku, hit);
    }
    return hit;
  }

  set(sku: string, text: StaticProductText): void {
    this.delete(sku);
    const size = sizeOf(text);
    if (size > this.maxCharacters) return;
    this.entries.set(sku, text);
    this.characters += size;
    while (this.characters > this.maxCharacters) this.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeInCharacters(): number {
    return this.characters;
  }

  clear(): void {
    this.entries.clear();
    this.characters = 0;
  }

  private delete(sku: string): void {
    const old = this.entries.get(sku);
    if (!old) return;
    this.entries.delete(sku);
    this.characters -= sizeOf(old);
  }
}

const sizeOf = (text: StaticProductText) => text.head.length + text.tail.length + text.rev.length;

/** One cache per database: tests open many databases in one process, whose rows share revisions. */
const caches = new WeakMap<Database, ProductTextCache>();

export function productTextCacheOf(db: Database): ProductTextCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ProductTextCache()));
  return cache;
}
