import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLAIM_PART_SEARCH_MIN_CHARS } from '@portal/domain/rules';
import type { ClaimPartOption, ClaimPartSearchResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

/**
 * `GET /api/warranty-claims/parts`: the products of the dealer's catalogs whose SKU or name holds
 * what is typed ('Parts Needed'). Silent (no busy overlay while typing), asked from two characters;
 * the last answer stays up while the next is on its way, so the list does not flicker at each key.
 */
export function useClaimPartSearch(typed: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: ['warranty-claims', 'parts', q],
    enabled: q.length >= CLAIM_PART_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ClaimPartOption[]> =>
      (await api<ClaimPartSearchResponse>('/api/warranty-claims/parts', { query: { q }, silent: true, signal })).parts,
  });
}
