/**
 * The catalog screen's search state <-> its address (issue 32): keywords and page as before, plus
 * the dealer's 'Sort by' choice and the 'Brand', 'Category' and 'Availability' filters
 * (interface contract, 'Catalog search and filters'). Everything lives in the query string, so
 * back and forward, a reload and a shared link show the same page. Built on the domain's zod-free
 * constants only: the catalog's first drawing loads no zod (issue 21).
 *
 * src/early/early-requests.ts reads the same address before the app's code has loaded and must send
 * the same search: its copy of the parsing is checked against this one by early-requests.test.ts.
 */
import {
  CATALOG_AVAILABILITIES,
  CATALOG_MAX_FILTER_VALUES,
  CATALOG_SORTS,
  defaultCatalogSort,
  type CatalogAvailability,
  type CatalogSort,
} from '@portal/domain/rules';

export type CatalogQuery = {
  keywords: string;
  page: number;
  /** The dealer's choice; null: the default for the keywords (defaultCatalogSort). */
  sort: CatalogSort | null;
  brand: string[];
  category: string[];
  /** null: no availability filter ('All products'). */
  availability: CatalogAvailability | null;
};

export const EMPTY_CATALOG_QUERY: CatalogQuery = { keywords: '', page: 1, sort: null, brand: [], category: [], availability: null };

/** The query-string names of the state besides keywords and page. */
const NARROWING_KEYS = ['sort', 'brand', 'category', 'availability'] as const;

export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Trimmed, without empties and repeats, at most as many as a search may name. */
export function filterValuesOf(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))].slice(0, CATALOG_MAX_FILTER_VALUES);
}

function sortOf(value: string | null): CatalogSort | null {
  return (CATALOG_SORTS as readonly string[]).includes(value ?? '') ? (value as CatalogSort) : null;
}

function availabilityOf(value: string | null): CatalogAvailability | null {
  return (CATALOG_AVAILABILITIES as readonly string[]).includes(value ?? '') ? (value as CatalogAvailability) : null;
}

/** The search an address asks for; anything malformed is dropped rather than sent. */
export function catalogQueryOf(params: URLSearchParams): CatalogQuery {
  return {
    keywords: params.get('keywords') ?? '',
    page: pageOf(params.get('page')),
    sort: sortOf(params.get('sort')),
    brand: filterValuesOf(params.getAll('brand')),
    category: filterValuesOf(params.getAll('category')),
    availability: availabilityOf(params.get('availability')),
  };
}

/** The address of a search: keywords and page always (the screen tells a search from a bare visit by them), the rest when set. */
export function catalogQueryParams(query: CatalogQuery): URLSearchParams {
  const params = new URLSearchParams({ keywords: query.keywords, page: String(query.page) });
  if (query.sort) params.set('sort', query.sort);
  for (const brand of query.brand) params.append('brand', brand);
  for (const category of query.category) params.append('category', category);
  if (query.availability) params.set('availability', query.availability);
  return params;
}

/** Whether the address names a search at all (a bare /products/catalog/{id} restores the last one). */
export function namesCatalogSearch(params: URLSearchParams): boolean {
  return params.has('keywords') || params.has('page') || NARROWING_KEYS.some((key) => params.has(key));
}

/** Whether a search differs from the catalog's first page (worth restoring). */
export function isNarrowedOrPaged(query: CatalogQuery): boolean {
  return query.keywords !== '' || query.page > 1 || query.sort !== null || activeFilterCount(query) > 0;
}

/** How many filter values are chosen (shown on the 'Filters' button). */
export function activeFilterCount(query: CatalogQuery): number {
  return query.brand.length + query.category.length + (query.availability && query.availability !== 'any' ? 1 : 0);
}

/** The order the results are in: the dealer's choice, else the default for the keywords. */
export function effectiveSort(query: CatalogQuery): CatalogSort {
  return query.sort ?? defaultCatalogSort(query.keywords);
}

/** The next state after a change of sort or filters: back to the first page (the old page may not exist). */
export function narrowed(query: CatalogQuery, change: Partial<Omit<CatalogQuery, 'page' | 'keywords'>>): CatalogQuery {
  const next = { ...query, ...change, page: 1 };
  return { ...next, brand: filterValuesOf(next.brand), category: filterValuesOf(next.category) };
}

/** The state after a keyword search: page 1, the sort and the filters kept. */
export function searchedFor(query: CatalogQuery, keywords: string): CatalogQuery {
  return { ...query, keywords: keywords.trim(), page: 1 };
}

/** The state without any filter (sort and keywords kept). */
export function withoutFilters(query: CatalogQuery): CatalogQuery {
  return { ...query, brand: [], category: [], availability: null, page: 1 };
}

/**
 * The criteria of `POST /api/catalog/search` beyond catalog, keywords, page, branch and state, in
 * the order the body carries them; only what is set, so the search of a plain page is the same call
 * as before sorting and filters existed (the server's defaults are the screen's: defaultCatalogSort,
 * no filter).
 */
export function narrowingCriteriaOf(query: Pick<CatalogQuery, 'sort' | 'brand' | 'category' | 'availability'>): {
  sort?: CatalogSort;
  brand?: string[];
  category?: string[];
  availability?: CatalogAvailability;
} {
  return {
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.brand.length > 0 ? { brand: query.brand } : {}),
    ...(query.category.length > 0 ? { category: query.category } : {}),
    ...(query.availability ? { availability: query.availability } : {}),
  };
}
