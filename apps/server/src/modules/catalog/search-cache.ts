/**
 * Ranked search results kept per process (decision 008): the total and the first SKUs, in order, of
 * a keyword or brand search. Ranking a broad word means visiting every match (~127,000 of 200,000
 * products for "lift"), which no index can avoid; a repeated search then only prices its page.
 *
 * Exact, never stale: the key holds the catalog's search version (catalog_search_totals, read with
 * the catalog on every call), which the triggers of 0006_catalog_search.sql move in the same
 * transaction as any change of the catalog's products, so a change made by any process is seen by
 * the next search of every process. The SKUs of pages browsed without keywords are kept the same way.
 * Prices and stock are kept apart, under the catalog data revision (priced-cache.ts).
 */
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';

/** How many leading SKUs an entry keeps: 50 pages of 20; later pages are ranked again. */
export const CACHED_SKUS = 1000;
/** Entries per database handle; the least recently used goes first (about 15 KB each). */
const MAX_ENTRIES = 200;

export type RankedResult = { total: number; skus: string[] };

/** Ranked results by search key (catalog, search version, words, sort), at most `maxEntries` of them. */
export class SearchResultCache extends RecentlyUsedMap<RankedResult> {
  constructor(maxEntries = MAX_ENTRIES) {
    super(maxEntries);
  }
}

export const searchCacheOf = perDatabase(() => new SearchResultCache());

/** Browse pages' SKUs (catalog, search version, page), kept apart so that paging never pushes out searches. */
export const BROWSE_PAGES_KEPT = 2000;

export const browsePageCacheOf = perDatabase(() => new RecentlyUsedMap<string[]>(BROWSE_PAGES_KEPT));
