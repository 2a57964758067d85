import { useQuery } from '@tanstack/react-query';
import { RECENT_DEFAULTS, runtimeTimeZone } from '@portal/domain/rules';
import type { OrderSummary, RecentOrdersResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

/** Open orders of the branch (`POST /api/orders/open`), counted. */
export function useOpenOrderCount(branchNumber: number | null) {
  return useQuery({
    queryKey: ['dashboard', 'open-count', branchNumber],
    queryFn: async () => (await api<OrderSummary[]>('/api/orders/open', { method: 'POST', body: { branchNumber } })).length,
    enabled: branchNumber !== null,
  });
}

/** Orders shipped in the last 3 days (spec 9: the dashboard uses 3-day shipped), counted. */
export function useShippedOrderCount(branchNumber: number | null) {
  return useQuery({
    queryKey: ['dashboard', 'shipped-count', branchNumber],
    queryFn: async () =>
      (
        await api<RecentOrdersResponse>('/api/orders/recent', {
          method: 'POST',
          body: { timeFrame: RECENT_DEFAULTS.timeFrame, updateType: 'shipped', page: 1, timeZone: runtimeTimeZone(), branchNumber },
        })
      ).orders.length,
    enabled: branchNumber !== null,
  });
}

/** Spec 2 "Welcome page": '...' while loading, '0' on failure. */
export function countText(query: { isError: boolean; data: number | undefined }): string {
  if (query.isError) return '0';
  return query.data === undefined ? '...' : String(query.data);
}
