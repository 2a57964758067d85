/**
 * The integration API's work (server-rules "Orders"): the manufacturer's systems move orders along
 * (status, expected ship date, shipments with packages and tracking, invoice) and pull new orders.
 * Each update runs in one transaction with the order row locked, and enqueues its emails in that
 * same transaction, so an update and its mail are stored together or not at all; the outbox's
 * dedupe keys make a retried call mail nothing twice.
 */
import { dollarsToCents, ORDER_STATUS } from '@portal/domain/rules';
import type { IntegrationOrder, IntegrationShipmentRequest } from '@portal/domain';
import type { Database, DatabaseTransaction, Queryable } from '../../db/client.js';
import { emitEvent } from '../webhooks/index.js';
import { recordShippedSerials } from '../equipment/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  applyManufacturerOrderUpdate,
  enqueueInvoiceNotice,
  enqueueShipmentNotice,
  orderDetailForManufacturer,
  replaceShipment,
} from '../orders/index.js';
import { carrierLabel, trackingUrlFor } from './carriers.js';
import {
  findGoodsQuantities,
  findFeedOrder,
  findOrderLines,
  findOrdersPlacedSince,
  lastShipmentNumber,
  lockOrderByDocumentNumber,
  type OrderRow,
} from './repository.js';

type Tx = DatabaseTransaction;

export type OrderState = { documentNumber: number; statusCode: number; expectedShipDate: string | null };

const stateOf = (o: OrderRow): OrderState => ({
  documentNumber: Number(o.documentNumber),
  statusCode: o.statusCode,
  expectedShipDate: o.expectedShipDate,
});

async function lockOrder(tx: Tx, documentNumber: number): Promise<OrderRow> {
  const order = await lockOrderByDocumentNumber(tx, documentNumber);
  if (!order) throw notFound(`Order ${documentNumber} does not exist.`);
  return order;
}

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The time an order counts as shipped (Recent Orders "shipped" windows): now when the shipped date
 * is today or later, else noon UTC of that date, so a late report does not look like a new shipment.
 */
function shippedInstant(shippedDate: string, now: Date): Date {
  return shippedDate >= todayUtc(now) ? now : new Date(`${shippedDate}T12:00:00Z`);
}

/**
 * The row changes a status code brings: cancelled and invoiced times are set on arrival (and the
 * cancelled time cleared when an order is reinstated), shipped time when it reaches Shipped.
 */
function statusChanges(order: OrderRow, statusCode: number, now: Date) {
  return {
    statusCode,
    cancelledAt: statusCode === ORDER_STATUS.cancelled ? (order.cancelledAt ?? now) : null,
    shippedAt: statusCode >= ORDER_STATUS.shipped ? (order.shippedAt ?? now) : order.shippedAt,
    invoicedAt: statusCode >= ORDER_STATUS.invoiced ? (order.invoicedAt ?? now) : order.invoicedAt,
    updatedAt: now,
  };
}

/** order.status_changed, in the update's transaction, when the status code moved. */
async function emitStatusChanged(tx: Tx, before: OrderRow, after: OrderRow, now: Date): Promise<void> {
  if (before.statusCode === after.statusCode) return;
  await emitEvent(tx, 'order.status_changed', {
    documentNumber: Number(after.documentNumber),
    confirmationNumber: after.confirmationNumber,
    organizationId: after.organizationId,
    previousStatusCode: before.statusCode,
    statusCode: after.statusCode,
    expectedShipDate: after.expectedShipDate,
    changedAt: now.toISOString(),
  });
}

const reachesInvoiced = (before: number, after: number) => before < ORDER_STATUS.invoiced && after >= ORDER_STATUS.invoiced;

export async function updateOrderStatus(
  db: Database,
  documentNumber: number,
  update: { statusCode: number; expectedShipDate?: string | null },
  now = new Date(),
): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    const updated = await applyManufacturerOrderUpdate(tx, order.id, {
      ...statusChanges(order, update.statusCode, now),
      ...(update.expectedShipDate === undefined ? {} : { expectedShipDate: update.expectedShipDate }),
    });
    if (reachesInvoiced(order.statusCode, update.statusCode)) await enqueueInvoiceNotice(tx, order.id);
    await emitStatusChanged(tx, order, updated, now);
    return stateOf(updated);
  });
}

export async function updateExpectedShipDate(db: Database, documentNumber: number, expectedShipDate: string | null): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    return stateOf(await applyManufacturerOrderUpdate(tx, order.id, { expectedShipDate, updatedAt: new Date() }));
  });
}

export type ShipmentInput = Omit<IntegrationShipmentRequest, 'statusCode' | 'scac' | 'packages'> & {
  statusCode: number;
  scac: string;
  packages: { trackingNumber: string; trackingUrl?: string }[];
};

type OrderLine = Awaited<ReturnType<typeof findOrderLines>>[number];

/** A shipment being recorded: its order, its number and stored values, what was sent, the order's lines by number. */
type ShipmentRecord = {
  order: OrderRow;
  documentNumber: number;
  shipmentNumber: number;
  values: { statusCode: number; expectedShipDate: string | null; shippedDate: string | null; scac: string; scacLabel: string };
  input: ShipmentInput;
  linesByNumber: Map<number, OrderLine>;
};

/** The order's lines by line number; a shipment line naming a line the order lacks is refused (400). */
async function shipmentOrderLines(tx: Tx, order: OrderRow, documentNumber: number, input: ShipmentInput) {
  const lines = await findOrderLines(tx, order.id);
  const byNumber = new Map(lines.map((l) => [l.lineNumber, l]));
  input.lines.forEach((l, i) => {
    if (!byNumber.has(l.lineNumber)) throw badRequest(`lines.${i}.lineNumber`, `Order ${documentNumber} has no line ${l.lineNumber}.`);
  });
  return byNumber;
}

/** Writes the shipment with its lines and packages, and the equipment its serial numbers make. */
async function storeShipment(tx: Tx, { order, shipmentNumber, values, input, linesByNumber }: ShipmentRecord): Promise<void> {
  await replaceShipment(tx, order.id, shipmentNumber, {
    values,
    lines: input.lines
      .filter((l) => l.quantityShipped > 0)
      .map((l) => {
        const line = linesByNumber.get(l.lineNumber)!;
        return { lineNumber: l.lineNumber, sku: line.sku, description: line.description, quantityShipped: l.quantityShipped };
      }),
    packages: input.packages.map((p) => ({
      trackingNumber: p.trackingNumber,
      trackingUrl: p.trackingUrl ?? trackingUrlFor(input.scac, p.trackingNumber),
    })),
  });

  // Issue 37: the lines' serial numbers become the organization's equipment, in this transaction.
  await recordShippedSerials(tx, {
    organizationId: order.organizationId,
    branchId: order.branchId,
    orderId: order.id,
    shippedDate: values.shippedDate,
    lines: input.lines.map((l, index) => ({
      index,
      sku: linesByNumber.get(l.lineNumber)!.sku,
      quantityShipped: l.quantityShipped,
      serialNumbers: l.serialNumbers ?? [],
    })),
  });
}

/** order.shipped, in the update's transaction: the shipment as recorded, with its lines and tracking. */
async function emitOrderShipped(tx: Tx, shipment: ShipmentRecord, updated: OrderRow, shippedDate: string): Promise<void> {
  const { order, documentNumber, shipmentNumber, values, input, linesByNumber } = shipment;
  await emitEvent(tx, 'order.shipped', {
    documentNumber,
    confirmationNumber: order.confirmationNumber,
    organizationId: order.organizationId,
    statusCode: updated.statusCode,
    shipmentNumber,
    shippedDate,
    scac: values.scac,
    scacLabel: values.scacLabel,
    lines: input.lines
      .filter((l) => l.quantityShipped > 0)
      .map((l) => ({
        lineNumber: l.lineNumber,
        sku: linesByNumber.get(l.lineNumber)!.sku,
        quantityShipped: l.quantityShipped,
        serialNumbers: l.serialNumbers ?? [],
      })),
    packages: input.packages.map((p) => ({
      trackingNumber: p.trackingNumber,
      trackingUrl: p.trackingUrl ?? trackingUrlFor(input.scac, p.trackingNumber) ?? null,
    })),
  });
}

/**
 * A shipped shipment moves the order to Partially Shipped (55) or Shipped (60), never lower than it
 * was and never out of Cancelled or Invoiced; the shipment notice is mailed once.
 */
async function applyShipped(tx: Tx, shipment: ShipmentRecord, shippedDate: string, now: Date): Promise<OrderState> {
  const { order } = shipment;
  const goods = await findGoodsQuantities(tx, order.id);
  const complete = goods.every((g) => g.shipped >= g.ordered);
  const derived = complete ? ORDER_STATUS.shipped : ORDER_STATUS.partialShip;
  const frozen = order.statusCode === ORDER_STATUS.cancelled || order.statusCode >= ORDER_STATUS.invoiced;
  const statusCode = frozen || order.statusCode >= derived ? order.statusCode : derived;
  const shippedAt = shippedInstant(shippedDate, now);
  const updated = await applyManufacturerOrderUpdate(tx, order.id, {
    statusCode,
    shippedAt: order.shippedAt && order.shippedAt > shippedAt ? order.shippedAt : shippedAt,
    updatedAt: now,
  });
  await enqueueShipmentNotice(tx, order.id, shipment.shipmentNumber);
  await emitStatusChanged(tx, order, updated, now);
  await emitOrderShipped(tx, shipment, updated, shippedDate);
  return stateOf(updated);
}

/**
 * Creates shipment `shipmentNumber` (or the next one), or replaces it when it exists. A shipment
 * with a shipped date counts: the lines' shipped quantities are recomputed from every shipped
 * shipment, the order becomes Partially Shipped (55) or Shipped (60) (never lower than it was, and
 * never out of Cancelled or Invoiced), and the shipment notice is mailed once.
 */
export async function recordShipment(db: Database, documentNumber: number, input: ShipmentInput, now = new Date()): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    const linesByNumber = await shipmentOrderLines(tx, order, documentNumber, input);

    const last = await lastShipmentNumber(tx, order.id);
    const shipmentNumber = input.shipmentNumber ?? (last === undefined ? 0 : last + 1);
    const shippedDate = input.shippedDate ?? (input.statusCode >= ORDER_STATUS.shipped ? todayUtc(now) : null);
    const values = {
      statusCode: input.statusCode,
      expectedShipDate: input.expectedShipDate ?? null,
      shippedDate,
      scac: input.scac,
      scacLabel: input.scacLabel ?? carrierLabel(input.scac) ?? input.scac,
    };
    const shipment: ShipmentRecord = { order, documentNumber, shipmentNumber, values, input, linesByNumber };
    await storeShipment(tx, shipment);

    if (shippedDate) return applyShipped(tx, shipment, shippedDate, now);
    await applyManufacturerOrderUpdate(tx, order.id, { updatedAt: now });
    return stateOf(order);
  });
}

export type InvoiceInput = { invoiceNumber: string; statusCode: number; taxAmount?: number; orderAmount?: number };

/** The order reaches Invoiced (70 unless another invoiced code is given); the invoice notice is mailed once. */
export async function recordInvoice(db: Database, documentNumber: number, input: InvoiceInput, now = new Date()): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    if (order.statusCode === ORDER_STATUS.cancelled)
      throw badRequest('statusCode', `Order ${documentNumber} is cancelled and cannot be invoiced.`);
    const statusCode = Math.max(order.statusCode, input.statusCode);
    const updated = await applyManufacturerOrderUpdate(tx, order.id, {
      ...statusChanges(order, statusCode, now),
      ...(input.taxAmount === undefined ? {} : { taxCents: dollarsToCents(input.taxAmount) }),
      ...(input.orderAmount === undefined ? {} : { orderCents: dollarsToCents(input.orderAmount) }),
    });
    await enqueueInvoiceNotice(tx, order.id, input.invoiceNumber);
    await emitStatusChanged(tx, order, updated, now);
    return stateOf(updated);
  });
}

type FeedRow = { order: OrderRow; organizationName: string; branchNumber: number; enteredByEmail: string | null };

/** An order as the feed answers it (and as its order.created event carries it). */
async function integrationOrderOf(
  db: Queryable,
  { order, organizationName, branchNumber, enteredByEmail }: FeedRow,
): Promise<IntegrationOrder> {
  // The manufacturer's own systems see the dealer's real prices.
  const detail = await orderDetailForManufacturer(db as Database, order);
  return {
    ...detail,
    organizationId: order.organizationId,
    organizationName,
    branchNumber,
    confirmationNumber: order.confirmationNumber,
    enteredAt: order.enteredAt.toISOString(),
    enteredByEmail: enteredByEmail ?? null,
    catalog: order.catalogId,
    reference: order.reference,
    notes: order.notes,
    shippingInstructions: order.shippingInstructions,
    shipvia: order.shipvia,
    onAccount: order.onAccount,
    cashOrder: order.cashOrder,
    takenBy: order.takenBy,
    taxCertificateNumber: order.taxCertificateNumber,
  };
}

/**
 * The order.created event of a new order, written in the caller's transaction (checkout
 * completion): its data is the order as `GET /api/integration/orders` answers it.
 */
export async function emitOrderCreated(tx: Queryable, orderId: number): Promise<void> {
  await emitEvent(tx, 'order.created', async () => {
    const row = await findFeedOrder(tx, orderId);
    if (!row) throw new Error(`Order ${orderId} is not readable in its own transaction.`);
    return integrationOrderOf(tx, row);
  });
}

/**
 * Orders placed since a time, oldest first, for the ERP to import: `since` inclusive, and after
 * `afterDocumentNumber` among the orders entered exactly at `since` (the keyset of the next page).
 * `since` stays text down to SQL so a cursor keeps its microseconds.
 */
export async function ordersPlacedSince(
  db: Database,
  since: string,
  afterDocumentNumber: number | undefined,
  limit: number,
): Promise<{ orders: IntegrationOrder[]; next: { since: string; afterDocumentNumber: number } | null }> {
  // One row more than the page tells whether another page follows.
  const rows = await findOrdersPlacedSince(db, since, afterDocumentNumber, limit + 1);
  const page = rows.slice(0, limit);
  const result = await Promise.all(page.map((row) => integrationOrderOf(db, row)));
  const lastRow = page[page.length - 1];
  const next =
    rows.length > limit && lastRow ? { since: lastRow.enteredAtText, afterDocumentNumber: Number(lastRow.order.documentNumber) } : null;
  return { orders: result, next };
}
