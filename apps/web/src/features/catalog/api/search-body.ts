/**
 * What the catalog screen sends and how it reads the answer's facets, apart from the query hook so
 * its tests need no browser.
 */
import { CATALOG_SCREEN_PAGE_SIZE } from '@portal/domain/rules';
import type { CatalogFacets } from '@portal/domain';
import { narrowingCriteriaOf, type CatalogQuery } from '../components/catalog-query';

/** The search of the screen: its address (catalog and query) with the session's branch and state. */
export type CatalogSearchInput = Partial<Pick<CatalogQuery, 'sort' | 'brand' | 'category' | 'availability'>> & {
  catalog: string;
  keywords: string;
  page: number;
  branchNumber: number | null;
  shipToState: string | null;
};

export const EMPTY_FACETS: CatalogFacets = { brand: [], category: [], availability: [] };

/**
 * The facets of an answer, each group a list: a server that does not count them yet (or a group
 * it leaves out) gives empty groups rather than a broken screen.
 */
export function facetsOf(answer: { facets?: Partial<CatalogFacets> | null }): CatalogFacets {
  const facets = answer.facets ?? {};
  const list = (group: keyof CatalogFacets) => (Array.isArray(facets[group]) ? facets[group] : []);
  return { brand: list('brand'), category: list('category'), availability: list('availability') };
}

/**
 * The body of the search: the fields of a plain page in their order, then sort and filters only when
 * set (src/early/early-requests.ts sends the same text before the app has loaded).
 */
export function searchBodyOf(input: CatalogSearchInput) {
  return {
    catalog: input.catalog,
    keywords: input.keywords,
    page: input.page,
    pageSize: CATALOG_SCREEN_PAGE_SIZE,
    branchNumber: input.branchNumber,
    shipToState: input.shipToState,
    ...narrowingCriteriaOf({
      sort: input.sort ?? null,
      brand: input.brand ?? [],
      category: input.category ?? [],
      availability: input.availability ?? null,
    }),
  };
}
