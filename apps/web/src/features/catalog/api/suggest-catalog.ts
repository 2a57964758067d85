import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATALOG_MAX_SUGGESTIONS } from '@portal/domain/rules';
import type { CatalogSuggestion, CatalogSuggestResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

export type CatalogSuggestInput = {
  /** What the dealer has typed so far (already debounced by the caller). */
  q: string;
  catalog: string;
  branchNumber: number | null;
  shipToState: string | null;
};

/** Shorter than this, a prefix matches too much to help: no call. */
export const SUGGEST_MIN_CHARS = 2;

/** Whether the typed text is worth asking suggestions for. */
export function wantsSuggestions(q: string): boolean {
  return q.trim().length >= SUGGEST_MIN_CHARS;
}

/**
 * `GET /api/catalog/suggest` (interface contract, 'Suggestions as you type'): at most 8 products
 * for the keyword box's list. Silent (no busy overlay: the dealer is typing), asked only with a
 * branch, a state and two characters; while the next answer is on its way the last one stays up,
 * so the list does not flicker at each key. A failed call shows no suggestions: the box still searches.
 */
export function useCatalogSuggestions(input: CatalogSuggestInput) {
  const q = input.q.trim();
  const enabled = wantsSuggestions(q) && input.branchNumber !== null && input.shipToState !== null;
  return useQuery({
    queryKey: ['catalog', 'suggest', input.catalog, input.branchNumber, input.shipToState, q],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<CatalogSuggestion[]> => {
      try {
        const answer = await api<CatalogSuggestResponse>('/api/catalog/suggest', {
          query: { q, catalog: input.catalog, shipToState: input.shipToState, branchNumber: input.branchNumber },
          silent: true,
          signal,
        });
        return Array.isArray(answer?.suggestions) ? answer.suggestions.slice(0, CATALOG_MAX_SUGGESTIONS) : [];
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
    },
  });
}
