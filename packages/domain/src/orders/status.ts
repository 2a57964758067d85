/**
 * Order status codes (spec 4 "Order status codes"): the label a list shows, the search groups, the
 * progress steps of Order Details and which date a list shows. One pure module for server and web.
 */

/** The thresholds and special codes spec 4 uses. A new order starts at 10 (server-rules "Orders"). */
export const ORDER_STATUS = {
  cancelled: -10,
  newOrder: 10,
  processing: 20,
  backordered: 25,
  partialShip: 55,
  shipped: 60,
  invoiced: 70,
} as const;

/** Search status options of spec 5, in the order the form lists them. */
export const ORDER_STATUS_GROUPS = ['pending', 'processing', 'shipped', 'backordered', 'invoiced', 'cancelled'] as const;
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number];

export const ORDER_STATUS_GROUP_LABELS: Record<OrderStatusGroup, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  backordered: 'Backordered',
  invoiced: 'Invoiced',
  cancelled: 'Cancelled',
};

export type OrderStatusLabel = 'Cancelled' | 'Backordered' | 'Processing' | 'Partially Shipped' | 'Shipped' | 'Invoiced' | 'Pending';

/**
 * THE table of status codes (spec 4 "Order status codes"): each code spec 4 names, its label and
 * the search group that finds it. Every other value, including 20 and anything below it, is
 * Pending. Partially shipped orders (55, 59) are found under "shipped", the nearest option spec 5
 * offers. The labels, the groups' codes and the pending index of the migrations
 * (apps/server/drizzle, tied by apps/server/src/db/status-indexes.test.ts) all come from here.
 */
const NAMED_STATUS_CODES: readonly (readonly [code: number, label: OrderStatusLabel, group: Exclude<OrderStatusGroup, 'pending'>])[] = [
  [-10, 'Cancelled', 'cancelled'],
  [25, 'Backordered', 'backordered'],
  [30, 'Processing', 'processing'],
  [40, 'Processing', 'processing'],
  [50, 'Processing', 'processing'],
  [55, 'Partially Shipped', 'shipped'],
  [59, 'Partially Shipped', 'shipped'],
  [60, 'Shipped', 'shipped'],
  [70, 'Invoiced', 'invoiced'],
  [80, 'Invoiced', 'invoiced'],
  [90, 'Invoiced', 'invoiced'],
  [100, 'Invoiced', 'invoiced'],
];

const LABEL_OF_CODE = new Map<number, OrderStatusLabel>(NAMED_STATUS_CODES.map(([code, label]) => [code, label]));

export function orderStatusLabel(code: number): OrderStatusLabel {
  return LABEL_OF_CODE.get(code) ?? 'Pending';
}

const codesOfGroup = (group: Exclude<OrderStatusGroup, 'pending'>): readonly number[] =>
  NAMED_STATUS_CODES.filter((entry) => entry[2] === group).map(([code]) => code);

/**
 * The codes behind each search group other than pending: the set of codes whose group it is.
 * Pending is "none of these" (spec 4: any other value is Pending).
 */
export const STATUS_GROUP_CODES: Record<Exclude<OrderStatusGroup, 'pending'>, readonly number[]> = {
  processing: codesOfGroup('processing'),
  shipped: codesOfGroup('shipped'),
  backordered: codesOfGroup('backordered'),
  invoiced: codesOfGroup('invoiced'),
  cancelled: codesOfGroup('cancelled'),
};

/** Every code some group other than pending claims; pending is the complement. */
export const NON_PENDING_CODES: readonly number[] = Object.values(STATUS_GROUP_CODES).flat();

export function orderStatusGroup(code: number): OrderStatusGroup {
  for (const [group, codes] of Object.entries(STATUS_GROUP_CODES)) {
    if (codes.includes(code)) return group as OrderStatusGroup;
  }
  return 'pending';
}

/** Open Orders (spec 2): not yet fully shipped, invoiced or cancelled. */
export function isOpenOrderStatus(code: number): boolean {
  return code !== ORDER_STATUS.cancelled && code < ORDER_STATUS.shipped;
}

/** Open list and search results: the expected ship date only from code 20 (spec 4, spec 2 "Order Search"). */
/**
 * An order that is neither cancelled nor invoiced yet: an on-account one counts against the
 * organization's credit by its own total until its invoice does (decision 020; the partial index
 * orders_on_account_uninvoiced_idx of migration 0024 admits exactly these codes).
 */
export function isUninvoicedOrderStatus(code: number): boolean {
  return code >= 0 && code < ORDER_STATUS.invoiced;
}

export function showsExpectedShipDate(code: number): boolean {
  return code >= ORDER_STATUS.processing;
}

export type ListShipDate = { kind: 'shipped' | 'expected'; date: string } | null;

/** Recent list (spec 4): shipped date from 60, else the expected ship date from 20. */
export function recentListShipDate(order: {
  statusCode: number;
  shippedDate: string | null;
  expectedShipDate: string | null;
}): ListShipDate {
  if (order.statusCode >= ORDER_STATUS.shipped && order.shippedDate) return { kind: 'shipped', date: order.shippedDate };
  if (order.statusCode >= ORDER_STATUS.processing && order.expectedShipDate) return { kind: 'expected', date: order.expectedShipDate };
  return null;
}

/** Open list and search results (spec 4): the expected ship date from 20. */
export function expectedShipDateShown(order: { statusCode: number; expectedShipDate: string | null }): string | null {
  return showsExpectedShipDate(order.statusCode) ? order.expectedShipDate : null;
}

/** How an order's status is drawn (badge, progress step): cancelled as an error, backordered as a warning. */
export function orderStatusStyle(code: number): ProgressStepStyle {
  if (code === ORDER_STATUS.cancelled) return 'error';
  if (code === ORDER_STATUS.backordered) return 'warning';
  return 'normal';
}

export type ProgressStepKey = 'pending' | 'processing' | 'backordered' | 'partial' | 'shipped' | 'invoiced' | 'cancelled';
export type ProgressStepStyle = 'normal' | 'warning' | 'error';

export type ProgressStep = {
  key: ProgressStepKey;
  label: string;
  /** Reached: drawn filled; otherwise drawn as an outline. */
  lit: boolean;
  style: ProgressStepStyle;
  /** A date shown under the step (a calendar date `YYYY-MM-DD` or a timestamp), if any. */
  date: string | null;
};

export type ProgressInput = {
  statusCode: number;
  enteredAt: string | null;
  expectedShipDate: string | null;
  /** The first shipment's shipped date (spec 4: the Shipped step shows it). */
  firstShippedDate: string | null;
};

/**
 * The progress steps of Order Details, exactly as spec 4 lists them:
 * Pending lit from 0; Processing lit from 20 (expected ship date shown for 30-50), replaced by a
 * Backordered step in warning style at 25; a Partial Ship step at 55, otherwise a Shipped step lit
 * from 60 showing the first shipment's shipped date; Invoiced lit from 70; at -10 a Cancelled step
 * in error style, with every other step outlined in error style.
 */
export function orderProgressSteps(input: ProgressInput): ProgressStep[] {
  const code = input.statusCode;
  const cancelled = code === ORDER_STATUS.cancelled;
  const style: ProgressStepStyle = cancelled ? 'error' : 'normal';
  const steps: ProgressStep[] = [{ key: 'pending', label: 'Pending', lit: code >= 0, style, date: input.enteredAt }];

  if (code === ORDER_STATUS.backordered) {
    steps.push({ key: 'backordered', label: 'Backordered', lit: true, style: 'warning', date: null });
  } else {
    const showExpected = code >= 30 && code <= 50;
    steps.push({
      key: 'processing',
      label: 'Processing',
      lit: code >= ORDER_STATUS.processing,
      style,
      date: showExpected ? input.expectedShipDate : null,
    });
  }

  if (code === ORDER_STATUS.partialShip) {
    steps.push({ key: 'partial', label: 'Partial Ship', lit: true, style, date: input.firstShippedDate });
  } else {
    steps.push({ key: 'shipped', label: 'Shipped', lit: code >= ORDER_STATUS.shipped, style, date: input.firstShippedDate });
  }

  steps.push({ key: 'invoiced', label: 'Invoiced', lit: code >= ORDER_STATUS.invoiced, style, date: null });
  if (cancelled) steps.push({ key: 'cancelled', label: 'Cancelled', lit: true, style: 'error', date: null });
  return steps;
}
