import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/orders/open`; a failed list is an empty list (spec 7 notes, spec 8 "Lists fail"). */
export async function fetchOpenOrders(branchNumber: number): Promise<OrderSummary[]> {
  try {
    return await api<OrderSummary[]>('/api/orders/open', { method: 'POST', body: { branchNumber } });
  } catch {
    return [];
  }
}

export const openOrdersQuery = (branchNumber: number | null) =>
  queryOptions({
    queryKey: ['orders', 'open', branchNumber],
    queryFn: () => fetchOpenOrders(branchNumber!),
    enabled: branchNumber !== null,
  });

export function useOpenOrders(branchNumber: number | null) {
  return useQuery(openOrdersQuery(branchNumber));
}
