/**
 * The reads behind the order mails (order-emails.ts) and the order document (order-pdf.ts): an
 * order by its row id with its lines, one shipment with its packages and lines, the invoiced time.
 * Private to the orders module, like repository.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { orderLines, orders, shipmentLines, shipmentPackages, shipments } from './schema.js';

export type MailedOrder = typeof orders.$inferSelect;

/** An order by its row id (the caller already knows it is the right one: it just wrote it). */
export async function findOrderById(db: Queryable, orderId: number): Promise<MailedOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order;
}

export function findOrderLinesOf(db: Queryable, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
}

/** One shipment of an order by its zero-based number, with its packages and lines; undefined when there is none. */
export async function findShipmentWithParts(db: Queryable, orderId: number, shipmentNumber: number) {
  const [shipment] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.shipmentNumber, shipmentNumber)))
    .limit(1);
  if (!shipment) return undefined;
  const [packages, lines] = await Promise.all([
    db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipment.id)).orderBy(asc(shipmentPackages.id)),
    db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, shipment.id)).orderBy(asc(shipmentLines.lineNumber)),
  ]);
  return { shipment, packages, lines };
}

/** When an order of the organization was invoiced (null before); the order document's invoice page. */
export async function findInvoicedAt(db: Database, organizationId: number, documentNumber: number): Promise<Date | null> {
  const [row] = await db
    .select({ invoicedAt: orders.invoicedAt })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.documentNumber, documentNumber)))
    .limit(1);
  return row?.invoicedAt ?? null;
}
