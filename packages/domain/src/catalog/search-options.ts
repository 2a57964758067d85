/**
 * The catalog screen's ordering and narrowing choices (interface contract, 'Catalog search and
 * filters'; issue 32) and the suggestion limit, apart from the calls' schemas in ./search.ts: the
 * catalog screen draws its 'Sort by' select and filter groups from these without loading zod.
 */

/** `sort` of a search: relevance is the default with keywords, featured without. */
export const CATALOG_SORTS = ['relevance', 'featured', 'price-asc', 'price-desc', 'name', 'sku'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** The 'Sort by' select's option labels, in the order the select lists them. */
export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  relevance: 'Relevance',
  featured: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  name: 'Name',
  sku: 'SKU',
};

/** The sort a search uses when it names none. */
export function defaultCatalogSort(keywords: string | null | undefined): CatalogSort {
  return (keywords ?? '').trim() ? 'relevance' : 'featured';
}

/** `availability` of a search: in stock in a warehouse serving the destination state, or anything. */
export const CATALOG_AVAILABILITIES = ['inRegion', 'any'] as const;
export type CatalogAvailability = (typeof CATALOG_AVAILABILITIES)[number];

export const CATALOG_AVAILABILITY_LABELS: Record<CatalogAvailability, string> = {
  inRegion: 'In stock in your region',
  any: 'All products',
};

/** The filter groups' headings on the catalog screen. */
export const CATALOG_FACET_GROUP_LABELS = { brand: 'Brand', category: 'Category', availability: 'Availability' } as const;

/** Brands or categories one search may name. */
export const CATALOG_MAX_FILTER_VALUES = 50;

/** Suggestions under the keyword box (contract: at most 8). */
export const CATALOG_MAX_SUGGESTIONS = 8;

/** "Featured" ranks what dealers ordered most over this many days. */
export const FEATURED_WINDOW_DAYS = 90;
