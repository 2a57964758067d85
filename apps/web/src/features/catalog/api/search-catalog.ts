import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATALOG_SCREEN_PAGE_SIZE, type CatalogSearchResponse } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';

export type CatalogSearchInput = {
  catalog: string;
  keywords: string;
  page: number;
  branchNumber: number | null;
  shipToState: string | null;
};

export type CatalogSearchResult = CatalogSearchResponse & { notFound: boolean };

/**
 * `POST /api/catalog/search` for the catalog screen (page size 20, spec 9). Spec 8: a failed
 * search shows an empty result page; a catalog the user may not see (404) is flagged so the page
 * can say so. Without branch or destination state there is nothing to ask (spec 5).
 */
export function useCatalogSearch(input: CatalogSearchInput) {
  const ready = input.branchNumber !== null && input.shipToState !== null;
  return useQuery({
    queryKey: ['catalog', 'search', input],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<CatalogSearchResult> => {
      const body = {
        catalog: input.catalog,
        keywords: input.keywords,
        page: input.page,
        pageSize: CATALOG_SCREEN_PAGE_SIZE,
        branchNumber: input.branchNumber,
        shipToState: input.shipToState,
      };
      try {
        const answer = await api<CatalogSearchResponse>('/api/catalog/search', { method: 'POST', body, signal });
        return { ...answer, notFound: false };
      } catch (error) {
        if (signal.aborted) throw error;
        return {
          page: input.page,
          pageSize: CATALOG_SCREEN_PAGE_SIZE,
          totalResults: 0,
          results: [],
          notFound: error instanceof ApiError && error.status === 404,
        };
      }
    },
  });
}
