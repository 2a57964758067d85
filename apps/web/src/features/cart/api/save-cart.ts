import type { SavedCart, SavedCartCreate } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/saved-carts`: the cart's lines under a name (issue 20). */
export function saveCart(request: SavedCartCreate): Promise<SavedCart> {
  return api<SavedCart>('/api/saved-carts', { method: 'POST', body: request });
}

/** The saved-cart lists' query key (features/saved-carts), refreshed after a save. */
export const SAVED_CARTS_QUERY_KEY = ['saved-carts'] as const;
