import type { QuickOrderValidateResponse, ReorderRequest } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/cart/reorder`: the order's lines priced today in its catalog (issue 20 "Reorder"). */
export function reorderLines(request: ReorderRequest): Promise<QuickOrderValidateResponse> {
  return api<QuickOrderValidateResponse>('/api/cart/reorder', { method: 'POST', body: request });
}
