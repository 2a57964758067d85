import type { QuickOrderValidateRequest, QuickOrderValidateResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/cart/quick-order/validate`: each line priced and stocked, or its reason. */
export function validateQuickOrder(request: QuickOrderValidateRequest): Promise<QuickOrderValidateResponse> {
  return api<QuickOrderValidateResponse>('/api/cart/quick-order/validate', { method: 'POST', body: request });
}
