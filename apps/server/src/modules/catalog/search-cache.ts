/**
 * Search results kept per process (decision 008): the first SKUs, in order, of a search or browse,
 * and apart from them its facet counts and total. Ranking a broad word means visiting every match
 * (~127,000 of 200,000 products for "lift"), which no index can avoid; a repeated search then only
 * prices its page.
 *
 * Exact, never stale: the key holds the catalog's search version (catalog_search_totals, read with
 * the catalog on every call), which the triggers of 0006_catalog_search.sql move in the same
 * transaction as any change of the catalog's products, so a change made by any process is seen by
 * the next search of every process. What reads stock or prices (facet counts, the 'Availability'
 * filter, price orders) also keys on the catalog data revision (0013), which moves with any change of
 * stock or prices. Products' prices and stock are kept apart, under that revision (priced-cache.ts).
 */
import type { CatalogFacets } from '@portal/domain';
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';

/** How many leading SKUs an entry keeps: 50 pages of 20; later pages are ordered again. */
export const CACHED_SKUS = 1000;
/** Entries per database handle; the least recently used goes first (about 15 KB each). */
const MAX_ENTRIES = 200;

/** The leading SKUs of a search or browse, in its order, by search key (catalog, version, words, filters, sort). */
export const searchCacheOf = perDatabase(() => new RecentlyUsedMap<string[]>(MAX_ENTRIES));

/** A search's facet counts and total. */
export type FacetedTotal = { facets: CatalogFacets; total: number };

/** Facet counts by search key (catalog, search version, data revision, state, words, filters). */
export const facetCacheOf = perDatabase(() => new RecentlyUsedMap<FacetedTotal>(MAX_ENTRIES));
