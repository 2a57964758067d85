import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickOrderValidateResponse, SavedCartSummary } from '@portal/domain';
import { api } from '@/lib/api-client';

/** The query key of every saved-cart list (the cart page's 'Save Cart' invalidates it too). */
export const SAVED_CARTS_KEY = 'saved-carts';

/** `GET /api/saved-carts?branchNumber=`: the branch's saved carts. */
export const savedCartsQuery = (branchNumber: number | null) =>
  queryOptions({
    queryKey: [SAVED_CARTS_KEY, branchNumber],
    queryFn: () => api<SavedCartSummary[]>('/api/saved-carts', { query: { branchNumber } }),
    enabled: branchNumber !== null,
  });

export function useSavedCarts(branchNumber: number | null) {
  return useQuery(savedCartsQuery(branchNumber));
}

/** `PUT /api/saved-carts/{id}`: a new name. */
export function renameSavedCart(id: number, branchNumber: number, name: string): Promise<SavedCartSummary> {
  return api<SavedCartSummary>(`/api/saved-carts/${id}`, { method: 'PUT', query: { branchNumber }, body: { name } });
}

/** `DELETE /api/saved-carts/{id}`. */
export function deleteSavedCart(id: number, branchNumber: number): Promise<unknown> {
  return api(`/api/saved-carts/${id}`, { method: 'DELETE', query: { branchNumber } });
}

/** `POST /api/saved-carts/{id}/load`: its lines priced today for the destination state. */
export function loadSavedCart(id: number, branchNumber: number, shipToState: string | null): Promise<QuickOrderValidateResponse> {
  return api<QuickOrderValidateResponse>(`/api/saved-carts/${id}/load`, { method: 'POST', query: { branchNumber }, body: { shipToState } });
}
