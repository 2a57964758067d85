import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSearchCriteria, OrderSearchResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

export type OrderSearchParams = OrderSearchCriteria & { page: number; pageSize: number };

/** `POST /api/orders/search`; "empty set on failure" (spec 7). */
export async function fetchOrderSearch(branchNumber: number, params: OrderSearchParams): Promise<OrderSearchResponse> {
  try {
    return await api<OrderSearchResponse>('/api/orders/search', { method: 'POST', body: { ...params, branchNumber } });
  } catch {
    return { page: params.page, pageSize: params.pageSize, totalResults: 0, results: [] };
  }
}

export const orderSearchQuery = (branchNumber: number | null, params: OrderSearchParams) =>
  queryOptions({
    queryKey: ['orders', 'search', branchNumber, params],
    queryFn: () => fetchOrderSearch(branchNumber!, params),
    enabled: branchNumber !== null,
    placeholderData: keepPreviousData,
  });

export function useOrderSearch(branchNumber: number | null, params: OrderSearchParams) {
  return useQuery(orderSearchQuery(branchNumber, params));
}
