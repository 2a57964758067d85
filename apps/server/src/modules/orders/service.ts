/** Order history (spec 2 "Open Orders", "Recent Orders", "Order Search", "Order Details"; spec 7). */
import {
  centsToDollars,
  ORDER_SEARCH_TIME_FRAME_MONTHS,
  recentOrdersWindow,
  type RecentTimeFrame,
  type RecentUpdateType,
  type RecentWindow,
} from '@portal/domain/rules';
import type {
  OpenOrdersRequest,
  OrderDetail,
  OrderSearchQuery,
  OrderSearchResponse,
  OrderSummary,
  RecentOrdersResponse,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { JsonAnswer } from '../../http/json-lists.js';
import type { Principal } from '../../http/principal.js';
import { branchScope, userScope, type OrderScope } from './order-scope.js';
import {
  findMsrpBasis,
  findOpenOrders,
  findOrderChildren,
  findOrderInScope,
  findRecentOrders,
  phoneDigitsOf,
  searchOrders,
  type OrderRow,
  documentNumbersInScope,
} from './repository.js';
import { msrpOrderCents, toOrderDetail, toOrderSummary } from './order-view.js';
import { branchListAnswer } from './list-cache.js';

/**
 * The summaries' totals on the MSRP basis for a restricted-pricing caller (spec 6; issue 34: the lists
 * show each order's total), computed as order details computes them; others' totals are as billed.
 */
async function withCallerAmounts(db: Database, principal: Principal, summaries: OrderSummary[]): Promise<OrderSummary[]> {
  if (!principal.user.restrictedPricing || summaries.length === 0) return summaries;
  const basis = await findMsrpBasis(
    db,
    principal.organization.id,
    summaries.map((s) => s.documentNumber),
  );
  const cents = new Map(
    basis.map((b) => [
      Number(b.document_number),
      msrpOrderCents({ taxCents: b.tax_cents, shipToState: b.ship_to_state }, Number(b.lines_cents), Number(b.charges_cents)),
    ]),
  );
  return summaries.map((s) => ({ ...s, orderAmount: centsToDollars(cents.get(s.documentNumber) ?? 0) }));
}

/**
 * A list's JSON answer: kept per process while the branch's orders stand (list-cache.ts), except for
 * a restricted-pricing caller, whose totals follow the catalog's MSRPs, which move no order revision.
 */
async function listAnswer(
  db: Database,
  principal: Principal,
  scope: OrderScope,
  list: string,
  build: () => Promise<unknown>,
): Promise<JsonAnswer> {
  if (principal.user.restrictedPricing) return { json: Buffer.from(JSON.stringify(await build())) };
  return branchListAnswer(db, scope, list, build);
}

export function openOrders(db: Database, principal: Principal, request: OpenOrdersRequest): Promise<OrderSummary[]> {
  return openOrdersOf(db, principal, branchScope(principal, request.branchNumber));
}

async function openOrdersOf(db: Database, principal: Principal, scope: OrderScope): Promise<OrderSummary[]> {
  return withCallerAmounts(db, principal, (await findOpenOrders(db, scope)).map(toOrderSummary));
}

/** Open Orders as the JSON the route sends: kept per process while the branch's orders stand (list-cache.ts). */
export function openOrdersAnswer(db: Database, principal: Principal, request: OpenOrdersRequest): Promise<JsonAnswer> {
  const scope = branchScope(principal, request.branchNumber);
  return listAnswer(db, principal, scope, 'open', () => openOrdersOf(db, principal, scope));
}

export type RecentQuery = {
  timeFrame: RecentTimeFrame;
  updateType: RecentUpdateType;
  page: number;
  timeZone: string;
  branchNumber: number;
};

/** `now` is an argument so tests can stand just before or after a midnight. */
export function recentOrders(db: Database, principal: Principal, query: RecentQuery, now = new Date()): Promise<RecentOrdersResponse> {
  const window = recentOrdersWindow(now, query.timeFrame, query.page, query.timeZone);
  return recentOrdersOf(db, principal, branchScope(principal, query.branchNumber), query.updateType, window);
}

async function recentOrdersOf(
  db: Database,
  principal: Principal,
  scope: OrderScope,
  updateType: RecentUpdateType,
  window: RecentWindow,
): Promise<RecentOrdersResponse> {
  const rows = await findRecentOrders(db, scope, updateType, window.startTime, window.endTime);
  return {
    orders: await withCallerAmounts(db, principal, rows.map(toOrderSummary)),
    startTime: window.startTime.toISOString(),
    endTime: window.endTime.toISOString(),
  };
}

/**
 * Recent Orders as the JSON the route sends, kept per process while the branch's orders stand
 * (list-cache.ts). The window is part of the key: its boundaries move with the calendar day.
 */
export function recentOrdersAnswer(db: Database, principal: Principal, query: RecentQuery, now = new Date()): Promise<JsonAnswer> {
  const scope = branchScope(principal, query.branchNumber);
  const window = recentOrdersWindow(now, query.timeFrame, query.page, query.timeZone);
  const list = `recent|${query.updateType}|${window.startTime.toISOString()}|${window.endTime.toISOString()}`;
  return listAnswer(db, principal, scope, list, () => recentOrdersOf(db, principal, scope, query.updateType, window));
}

/** The first moment of a search time frame: that many calendar months back from now. */
export function searchSince(timeFrame: OrderSearchQuery['timeFrame'], now = new Date()): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - ORDER_SEARCH_TIME_FRAME_MONTHS[timeFrame]);
  return since;
}

export async function searchOrderHistory(db: Database, principal: Principal, query: OrderSearchQuery): Promise<OrderSearchResponse> {
  const scope = branchScope(principal, query.branchNumber);
  const { total, rows } = await searchOrders(
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
      sku: query.sku,
    },
    query.page,
    query.pageSize,
  );
  return {
    page: query.page,
    pageSize: query.pageSize,
    totalResults: total,
    results: await withCallerAmounts(db, principal, rows.map(toOrderSummary)),
  };
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

/**
 * An order's detail for the manufacturer's own systems (the integration API): any organization's
 * order, with the dealer's real prices.
 */
export async function orderDetailForManufacturer(db: Database, order: OrderRow): Promise<OrderDetail> {
  return toOrderDetail(order, await findOrderChildren(db, order.id), false);
}

/**
 * The order writes of other modules, run inside the caller's transaction so they commit together
 * with the caller's own work: checkout places an order and its lines (completion.ts, exactly once),
 * the integration module applies the manufacturer's updates and shipments.
 */
export {
  applyManufacturerOrderUpdate,
  findDocumentNumberByConfirmationNumber,
  insertOrderLines,
  insertPlacedOrder,
  replaceShipment,
  type ManufacturerOrderChanges,
  type NewOrderLine,
  type PlacedOrderValues,
  type ShipmentValues,
  type ShipmentWrite,
} from './repository.js';

/** The order mails other modules queue in their own transaction: confirmation, shipment and invoice notices. */
export { enqueueInvoiceNotice, enqueueOrderConfirmation, enqueueShipmentNotice } from './order-emails.js';

/**
 * Issue 36: of the orders an account statement names, those the user may open (order history role,
 * the user's branches, limitOrderHistory), so the statement links only those.
 */
export async function visibleDocumentNumbers(db: Database, principal: Principal, documentNumbers: number[]): Promise<Set<number>> {
  if (!principal.roles.orderHistory) return new Set();
  return new Set(await documentNumbersInScope(db, userScope(principal), [...new Set(documentNumbers)]));
}
