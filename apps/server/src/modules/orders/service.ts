/** Order history (spec 2 "Open Orders", "Recent Orders", "Order Search", "Order Details"; spec 7). */
import {
  ORDER_SEARCH_TIME_FRAME_MONTHS,
  recentOrdersWindow,
  type OpenOrdersRequest,
  type OrderDetail,
  type OrderSearchQuery,
  type OrderSearchResponse,
  type RecentOrdersResponse,
  type RecentTimeFrame,
  type RecentUpdateType,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { branchScope, userScope } from './order-scope.js';
import { findOpenOrders, findOrderChildren, findOrderInScope, findRecentOrders, phoneDigitsOf, searchOrders } from './repository.js';
import { toOrderDetail } from './order-view.js';

/**
 * The lists answer JSON text (an OrderSummary[] written by PostgreSQL, repository summariesJson):
 * up to ~1,000 summaries per answer, sent on as bytes by the routes.
 */
export function openOrders(db: Database, principal: Principal, request: OpenOrdersRequest): Promise<string> {
  return findOpenOrders(db, branchScope(principal, request.branchNumber));
}

export type RecentQuery = {
  timeFrame: RecentTimeFrame;
  updateType: RecentUpdateType;
  page: number;
  timeZone: string;
  branchNumber: number;
};

/** `now` is an argument so tests can stand just before or after a midnight. */
export async function recentOrders(db: Database, principal: Principal, query: RecentQuery, now = new Date()): Promise<string> {
  const scope = branchScope(principal, query.branchNumber);
  const window = recentOrdersWindow(now, query.timeFrame, query.page, query.timeZone);
  const summaries = await findRecentOrders(db, scope, query.updateType, window.startTime, window.endTime);
  const times: Omit<RecentOrdersResponse, 'orders'> = { startTime: window.startTime.toISOString(), endTime: window.endTime.toISOString() };
  return `{"orders":${summaries},${JSON.stringify(times).slice(1)}`;
}

/** The first moment of a search time frame: that many calendar months back from now. */
export function searchSince(timeFrame: OrderSearchQuery['timeFrame'], now = new Date()): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - ORDER_SEARCH_TIME_FRAME_MONTHS[timeFrame]);
  return since;
}

export async function searchOrderHistory(db: Database, principal: Principal, query: OrderSearchQuery): Promise<string> {
  const scope = branchScope(principal, query.branchNumber);
  const { total, summaries } = await searchOrders(
    db,
    scope,
    {
      since: searchSince(query.timeFrame),
      orderReference: query.orderReference,
      email: query.email,
      phoneDigits: phoneDigitsOf(query.phone),
      status: query.status,
      name: query.name,
      address: query.address,
      city: query.city,
      state: query.state,
      postalCode: query.postalCode,
    },
    query.page,
    query.pageSize,
  );
  const head: Omit<OrderSearchResponse, 'results'> = { page: query.page, pageSize: query.pageSize, totalResults: total };
  return `${JSON.stringify(head).slice(0, -1)},"results":${summaries}}`;
}

export const ORDER_NOT_FOUND_MESSAGE = 'The order was not found.';

/**
 * One order by document number, within the chosen branch when one is named, else within any of
 * the user's branches. Anything outside answers 404, the same as a number that does not exist.
 */
export async function orderDetail(db: Database, principal: Principal, documentNumber: number, branchNumber?: number): Promise<OrderDetail> {
  const scope = branchNumber === undefined ? userScope(principal) : branchScope(principal, branchNumber);
  const order = await findOrderInScope(db, scope, documentNumber);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return toOrderDetail(order, await findOrderChildren(db, order.id), principal.user.restrictedPricing);
}
