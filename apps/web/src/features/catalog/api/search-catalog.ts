import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_SCREEN_PAGE_SIZE } from '@portal/domain/rules';
import type { CatalogSearchResponse } from '@portal/domain';
import { queryClient } from '@/app/providers/query-client';
import { api, ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { EMPTY_FACETS, facetsOf, searchBodyOf, type CatalogSearchInput } from './search-body';

export type CatalogSearchResult = CatalogSearchResponse & { notFound: boolean };

const isReady = (input: CatalogSearchInput) => input.branchNumber !== null && input.shipToState !== null;

async function requestSearch(input: CatalogSearchInput, signal?: AbortSignal): Promise<CatalogSearchResponse> {
  const answer = await api<CatalogSearchResponse>('/api/catalog/search', { method: 'POST', body: searchBodyOf(input), signal });
  return { ...answer, facets: facetsOf(answer) };
}

/**
 * `POST /api/catalog/search` for the catalog screen (page size 20, spec 9). Spec 8: a failed
 * search shows an empty result page; a catalog the user may not see (404) is flagged so the page
 * can say so.
 */
const catalogSearchQuery = (input: CatalogSearchInput) =>
  queryOptions({
    queryKey: ['catalog', 'search', searchBodyOf(input)],
    queryFn: async ({ signal }): Promise<CatalogSearchResult> => {
      try {
        return { ...(await requestSearch(input, signal)), notFound: false };
      } catch (error) {
        // A dead session is not a result: nothing is kept for it (the page goes to the login page,
        // and after signing in again the search is asked anew).
        if (signal.aborted || (error instanceof ApiError && error.status === 401)) throw error;
        return {
          page: input.page,
          pageSize: CATALOG_SCREEN_PAGE_SIZE,
          totalResults: 0,
          facets: EMPTY_FACETS,
          results: [],
          notFound: error instanceof ApiError && error.status === 404,
        };
      }
    },
  });

/**
 * Starts the search the catalog screen will ask for, before it can ask: a page opened at startup
 * draws only once the stored session is checked, and its search need not wait for that answer too
 * (issue 21: one round trip less before the first tiles on a phone network). The answer goes into
 * the query cache under the screen's own key (the api client adopts the first script's request
 * for it, src/early/): the screen's query joins it while it runs, and once it has arrived the
 * screen's first drawing already holds the tiles.
 */
export function startEarlySearch(input: CatalogSearchInput): void {
  if (!sessionStore.get().token || !isReady(input)) return;
  void queryClient.prefetchQuery(catalogSearchQuery(input));
}

/** The catalog screen's search; without branch or destination state there is nothing to ask (spec 5). */
export function useCatalogSearch(input: CatalogSearchInput) {
  return useQuery({ ...catalogSearchQuery(input), enabled: isReady(input), placeholderData: keepPreviousData });
}
