/**
 * Ranked search results kept per process (decision 008): the total and the first SKUs, in order, of
 * a keyword or brand search. Ranking a broad word means visiting every match (~127,000 of 200,000
 * products for "lift"), which no index can avoid; a repeated search then only prices its page.
 *
 * Exact, never stale: the key holds the catalog's search version (catalog_search_totals, read with
 * the catalog on every call), which the triggers of 0006_catalog_search.sql move in the same
 * transaction as any change of the catalog's products, so a change made by any process is seen by
 * the next search of every process. Prices and stock are not cached; they are read per page.
 */
import type { Database } from '../../db/client.js';

/** How many leading SKUs an entry keeps: 50 pages of 20; later pages are ranked again. */
export const CACHED_SKUS = 1000;
/** Entries per database handle; the least recently used goes first (about 15 KB each). */
const MAX_ENTRIES = 200;

export type RankedResult = { total: number; skus: string[] };

export class SearchResultCache {
  private readonly entries = new Map<string, RankedResult>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(key: string): RankedResult | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: RankedResult): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every entry (the benchmark measures the statements of a first search with it). */
  clear(): void {
    this.entries.clear();
  }
}

/** One cache per database: tests open many databases in one process, with equal catalog versions. */
const caches = new WeakMap<Database, SearchResultCache>();

export function searchCacheOf(db: Database): SearchResultCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchResultCache()));
  return cache;
}
