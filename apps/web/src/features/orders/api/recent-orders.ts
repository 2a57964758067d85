import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recentOrdersWindow, type RecentTimeFrame, type RecentUpdateType } from '@portal/domain/rules';
import type { RecentOrdersResponse } from '@portal/domain';
import { api } from '@/lib/api-client';

export type RecentChoice = { timeFrame: RecentTimeFrame; updateType: RecentUpdateType; page: number };

/**
 * `POST /api/orders/recent`. A failure is an empty list over the window the server would have
 * answered, so the heading still names the days (spec 8 "Lists fail").
 */
export async function fetchRecentOrders(branchNumber: number, choice: RecentChoice, timeZone: string): Promise<RecentOrdersResponse> {
  try {
    return await api<RecentOrdersResponse>('/api/orders/recent', { method: 'POST', body: { ...choice, timeZone, branchNumber } });
  } catch {
    const window = recentOrdersWindow(new Date(), choice.timeFrame, choice.page, timeZone);
    return { orders: [], startTime: window.startTime.toISOString(), endTime: window.endTime.toISOString() };
  }
}

export const recentOrdersQuery = (branchNumber: number | null, choice: RecentChoice, timeZone: string) =>
  queryOptions({
    queryKey: ['orders', 'recent', branchNumber, choice.timeFrame, choice.updateType, choice.page, timeZone],
    queryFn: () => fetchRecentOrders(branchNumber!, choice, timeZone),
    enabled: branchNumber !== null,
    placeholderData: keepPreviousData,
  });

export function useRecentOrders(branchNumber: number | null, choice: RecentChoice, timeZone: string) {
  return useQuery(recentOrdersQuery(branchNumber, choice, timeZone));
}
