import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATALOG_SCREEN_PAGE_SIZE, type CatalogSearchResponse } from '@portal/domain';
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
 * A search started before the screen could ask (startEarlySearch), for the session it was asked
 * with; `settled` is its answer once it has arrived.
 */
let early: {
  key: string;
  token: string;
  answer: Promise<CatalogSearchResponse>;
  settled?: { answer: CatalogSearchResponse; at: number };
} | null = null;

const keyOf = (input: CatalogSearchInput) => JSON.stringify(searchBodyOf(input));

/**
 * Starts the search the catalog screen will ask for, before it can ask: a page opened at startup
 * draws only once the stored session is checked, and its search need not wait for that answer too
 * (issue 21: one round trip less before the first tiles on a phone network). The screen's query
 * takes the answer over (useCatalogSearch); a failure is the query's to handle, as its own would be.
 */
export function startEarlySearch(input: CatalogSearchInput): void {
  const { token } = sessionStore.get();
  if (!token || !isReady(input)) return;
  const answer = requestSearch(input);
  const started = { key: keyOf(input), token, answer } as NonNullable<typeof early>;
  answer.then(
    (value) => {
      started.settled = { answer: value, at: Date.now() };
    },
    () => undefined,
  );
  early = started;
}

function takeEarlySearch(input: CatalogSearchInput): Promise<CatalogSearchResponse> | null {
  const taken = early;
  early = null;
  return taken && taken.key === keyOf(input) && taken.token === sessionStore.get().token ? taken.answer : null;
}

/**
 * The early search's answer when it has already arrived (taken, so it is used once): the screen's
 * query starts with it as its data, and the first drawing of the screen already holds the tiles
 * (issue 21: otherwise the screen is drawn, laid out and painted once without them, and the answer
 * reaches it a task later, one whole drawing more before the page's largest paint).
 */
function takeSettledEarlySearch(input: CatalogSearchInput): { answer: CatalogSearchResponse; at: number } | undefined {
  const taken = early;
  if (!taken?.settled || taken.key !== keyOf(input) || taken.token !== sessionStore.get().token) return undefined;
  early = null;
  return taken.settled;
}

/**
 * `POST /api/catalog/search` for the catalog screen (page size 20, spec 9). Spec 8: a failed
 * search shows an empty result page; a catalog the user may not see (404) is flagged so the page
 * can say so. Without branch or destination state there is nothing to ask (spec 5).
 */
export function useCatalogSearch(input: CatalogSearchInput) {
  // Read once, when the query is created (TanStack Query calls these only for a new query).
  let settled: { answer: CatalogSearchResponse; at: number } | undefined;
  const settledOnce = () => (settled ??= isReady(input) ? takeSettledEarlySearch(input) : undefined);
  return useQuery({
    queryKey: ['catalog', 'search', searchBodyOf(input)],
    enabled: isReady(input),
    placeholderData: keepPreviousData,
    initialData: (): CatalogSearchResult | undefined => {
      const early = settledOnce();
      return early && { ...early.answer, notFound: false };
    },
    initialDataUpdatedAt: () => settledOnce()?.at,
    queryFn: async ({ signal }): Promise<CatalogSearchResult> => {
      try {
        const answer = await (takeEarlySearch(input) ?? requestSearch(input, signal));
        return { ...answer, notFound: false };
      } catch (error) {
        if (signal.aborted) throw error;
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
}
