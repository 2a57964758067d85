import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';

/** `GET /api/orders/detail/{id}` within the chosen branch; null when the order is not the caller's (404). */
export async function fetchOrderDetail(documentNumber: number, branchNumber: number | null): Promise<OrderDetail | null> {
  try {
    return await api<OrderDetail>(`/api/orders/detail/${documentNumber}`, { query: { branchNumber } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return null;
    throw error;
  }
}

export const orderDetailQuery = (documentNumber: number, branchNumber: number | null) =>
  queryOptions({
    queryKey: ['orders', 'detail', documentNumber, branchNumber],
    queryFn: () => fetchOrderDetail(documentNumber, branchNumber),
    enabled: branchNumber !== null && documentNumber > 0,
  });

export function useOrderDetail(documentNumber: number, branchNumber: number | null) {
  return useQuery(orderDetailQuery(documentNumber, branchNumber));
}
