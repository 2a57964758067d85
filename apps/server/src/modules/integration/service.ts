/**
 * The integration API's work (server-rules "Orders"): the manufacturer's systems move orders along
 * (status, expected ship date, shipments with packages and tracking, invoice) and pull new orders.
 * Each update runs in one transaction with the order row locked, and enqueues its emails in that
 * same transaction, so an update and its mail are stored together or not at all; the outbox's
 * dedupe keys make a retried call mail nothing twice.
 */
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { dollarsToCents, ORDER_STATUS, type IntegrationOrder, type IntegrationShipmentRequest } from '@portal/domain';
import type { Database, DatabaseTransaction } from '../../db/client.js';
import { orderLines, orders, shipmentLines, shipmentPackages, shipments } from '../orders/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { enqueueInvoiceNotice, enqueueShipmentNotice } from '../orders/order-emails.js';
import { findOrderChildren, type OrderRow } from '../orders/repository.js';
import { toOrderDetail } from '../orders/order-view.js';
import { carrierLabel, trackingUrlFor } from './carriers.js';

type Tx = DatabaseTransaction;

export type OrderState = { documentNumber: number; statusCode: number; expectedShipDate: string | null };

const stateOf = (o: OrderRow): OrderState => ({
  documentNumber: Number(o.documentNumber),
  statusCode: o.statusCode,
  expectedShipDate: o.expectedShipDate,
});

async function lockOrder(tx: Tx, documentNumber: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.documentNumber, documentNumber)).for('update').limit(1);
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

const reachesInvoiced = (before: number, after: number) => before < ORDER_STATUS.invoiced && after >= ORDER_STATUS.invoiced;

export async function updateOrderStatus(
  db: Database,
  documentNumber: number,
  update: { statusCode: number; expectedShipDate?: string | null },
  now = new Date(),
): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    const [updated] = await tx
      .update(orders)
      .set({
        ...statusChanges(order, update.statusCode, now),
        ...(update.expectedShipDate === undefined ? {} : { expectedShipDate: update.expectedShipDate }),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (reachesInvoiced(order.statusCode, update.statusCode)) await enqueueInvoiceNotice(tx, order.id);
    return stateOf(updated!);
  });
}

export async function updateExpectedShipDate(db: Database, documentNumber: number, expectedShipDate: string | null): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    const [updated] = await tx.update(orders).set({ expectedShipDate, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    return stateOf(updated!);
  });
}

export type ShipmentInput = Omit<IntegrationShipmentRequest, 'statusCode' | 'scac' | 'packages'> & {
  statusCode: number;
  scac: string;
  packages: { trackingNumber: string; trackingUrl?: string }[];
};

/**
 * Creates shipment `shipmentNumber` (or the next one), or replaces it when it exists. A shipment
 * with a shipped date counts: the lines' shipped quantities are recomputed from every shipped
 * shipment, the order becomes Partially Shipped (55) or Shipped (60) (never lower than it was, and
 * never out of Cancelled or Invoiced), and the shipment notice is mailed once.
 */
export async function recordShipment(db: Database, documentNumber: number, input: ShipmentInput, now = new Date()): Promise<OrderState> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, documentNumber);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
    const byNumber = new Map(lines.map((l) => [l.lineNumber, l]));
    input.lines.forEach((l, i) => {
      if (!byNumber.has(l.lineNumber)) throw badRequest(`lines.${i}.lineNumber`, `Order ${documentNumber} has no line ${l.lineNumber}.`);
    });

    const [last] = await tx
      .select({ n: max(shipments.shipmentNumber) })
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    const shipmentNumber = input.shipmentNumber ?? (last?.n === null || last?.n === undefined ? 0 : last.n + 1);
    const shippedDate = input.shippedDate ?? (input.statusCode >= ORDER_STATUS.shipped ? todayUtc(now) : null);
    const values = {
      statusCode: input.statusCode,
      expectedShipDate: input.expectedShipDate ?? null,
      shippedDate,
      scac: input.scac,
      scacLabel: input.scacLabel ?? carrierLabel(input.scac) ?? input.scac,
    };

    const [existing] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), eq(shipments.shipmentNumber, shipmentNumber)))
      .limit(1);
    let shipmentId: number;
    if (existing) {
      shipmentId = existing.id;
      await tx.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipmentId));
      await tx.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
      await tx.update(shipments).set(values).where(eq(shipments.id, shipmentId));
    } else {
      const [row] = await tx
        .insert(shipments)
        .values({ orderId: order.id, shipmentNumber, ...values })
        .returning({ id: shipments.id });
      shipmentId = row!.id;
    }

    const shippedLines = input.lines.filter((l) => l.quantityShipped > 0);
    if (shippedLines.length > 0) {
      await tx.insert(shipmentLines).values(
        shippedLines.map((l) => {
          const line = byNumber.get(l.lineNumber)!;
          return { shipmentId, lineNumber: l.lineNumber, sku: line.sku, description: line.description, quantityShipped: l.quantityShipped };
        }),
      );
    }
    if (input.packages.length > 0) {
      await tx.insert(shipmentPackages).values(
        input.packages.map((p) => ({
          shipmentId,
          trackingNumber: p.trackingNumber,
          trackingUrl: p.trackingUrl ?? trackingUrlFor(input.scac, p.trackingNumber),
        })),
      );
    }

    // Shipped quantities come from the shipments that have shipped, so a replaced shipment is never counted twice.
    await tx.execute(sql`
      update order_lines l set quantity_shipped = coalesce((
        select sum(sl.quantity_shipped) from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where s.order_id = l.order_id and s.shipped_date is not null and sl.line_number = l.line_number), 0)
      where l.order_id = ${order.id}`);

    let state = stateOf(order);
    if (shippedDate) {
      const goods = await tx
        .select({ ordered: orderLines.quantityOrdered, shipped: orderLines.quantityShipped })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.isLabor, false)));
      const complete = goods.every((g) => g.shipped >= g.ordered);
      const derived = complete ? ORDER_STATUS.shipped : ORDER_STATUS.partialShip;
      const frozen = order.statusCode === ORDER_STATUS.cancelled || order.statusCode >= ORDER_STATUS.invoiced;
      const statusCode = frozen || order.statusCode >= derived ? order.statusCode : derived;
      const shippedAt = shippedInstant(shippedDate, now);
      const [updated] = await tx
        .update(orders)
        .set({
          statusCode,
          shippedAt: order.shippedAt && order.shippedAt > shippedAt ? order.shippedAt : shippedAt,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .returning();
      state = stateOf(updated!);
      await enqueueShipmentNotice(tx, order.id, shipmentNumber);
    } else {
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    }
    return state;
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
    const [updated] = await tx
      .update(orders)
      .set({
        ...statusChanges(order, statusCode, now),
        ...(input.taxAmount === undefined ? {} : { taxCents: dollarsToCents(input.taxAmount) }),
        ...(input.orderAmount === undefined ? {} : { orderCents: dollarsToCents(input.orderAmount) }),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await enqueueInvoiceNotice(tx, order.id, input.invoiceNumber);
    return stateOf(updated!);
  });
}

/** An order's entry time to the microsecond, as PostgreSQL stores it (a JS Date keeps only milliseconds). */
const enteredAtText = sql<string>`to_char(${orders.enteredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
  const sinceTime = sql`${since}::timestamptz`;
  const rows = await db
    .select({
      order: orders,
      enteredAtText,
      organizationName: organizations.name,
      branchNumber: branches.branchNumber,
      enteredByEmail: users.email,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(users, eq(users.id, orders.enteredByUserId))
    .where(
      afterDocumentNumber === undefined
        ? sql`${orders.enteredAt} >= ${sinceTime}`
        : sql`(${orders.enteredAt} > ${sinceTime} or (${orders.enteredAt} = ${sinceTime} and ${orders.documentNumber} > ${afterDocumentNumber}))`,
    )
    .orderBy(asc(orders.enteredAt), asc(orders.documentNumber))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const result = await Promise.all(
    page.map(async ({ order, organizationName, branchNumber, enteredByEmail }) => {
      // The manufacturer's own systems see the dealer's real prices.
      const detail = toOrderDetail(order, await findOrderChildren(db, order.id), false);
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
    }),
  );
  const lastRow = page[page.length - 1];
  const next =
    rows.length > limit && lastRow ? { since: lastRow.enteredAtText, afterDocumentNumber: Number(lastRow.order.documentNumber) } : null;
  return { orders: result, next };
}
