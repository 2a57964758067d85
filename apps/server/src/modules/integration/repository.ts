/**
 * The integration module's SQL: API keys, and the order, line and shipment writes of the
 * manufacturer's updates. Private to the module: the app and other modules call api-keys.ts and
 * service.ts.
 */
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database, DatabaseTransaction } from '../../db/client.js';
import { orderLines, orders, shipmentLines, shipmentPackages, shipments } from '../orders/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';
import { apiKeys } from './schema.js';

type Tx = DatabaseTransaction;
export type OrderRow = typeof orders.$inferSelect;
export type OrderChanges = Partial<typeof orders.$inferInsert>;
export type ShipmentValues = Pick<typeof shipments.$inferInsert, 'statusCode' | 'expectedShipDate' | 'shippedDate' | 'scac' | 'scacLabel'>;

export async function insertApiKey(db: Database, name: string, keyHash: string): Promise<number> {
  const [row] = await db.insert(apiKeys).values({ name, keyHash }).returning({ id: apiKeys.id });
  return row!.id;
}

export function selectApiKeys(db: Database) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .orderBy(asc(apiKeys.id));
}

/** True when a live key was revoked. */
export async function markApiKeyRevoked(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The id of the key with this hash, unless revoked. */
export async function findLiveApiKeyId(db: Database, keyHash: string): Promise<number | undefined> {
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return key?.id;
}

/** The order with this document number, its row locked until the transaction ends. */
export async function lockOrderByDocumentNumber(tx: Tx, documentNumber: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.documentNumber, documentNumber)).for('update').limit(1);
  return order;
}

export async function updateOrder(tx: Tx, orderId: number, changes: OrderChanges): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  return updated!;
}

export async function findOrderLines(tx: Tx, orderId: number) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
}

/** The order's highest shipment number; undefined before its first shipment. */
export async function lastShipmentNumber(tx: Tx, orderId: number): Promise<number | undefined> {
  const [last] = await tx
    .select({ n: max(shipments.shipmentNumber) })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return last?.n ?? undefined;
}

export async function findShipmentId(tx: Tx, orderId: number, shipmentNumber: number): Promise<number | undefined> {
  const [existing] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.shipmentNumber, shipmentNumber)))
    .limit(1);
  return existing?.id;
}

/** Empties a shipment of its packages and lines and gives it new values (a replaced shipment). */
export async function resetShipment(tx: Tx, shipmentId: number, values: ShipmentValues): Promise<void> {
  await tx.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipmentId));
  await tx.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
  await tx.update(shipments).set(values).where(eq(shipments.id, shipmentId));
}

export async function insertShipment(tx: Tx, orderId: number, shipmentNumber: number, values: ShipmentValues): Promise<number> {
  const [row] = await tx
    .insert(shipments)
    .values({ orderId, shipmentNumber, ...values })
    .returning({ id: shipments.id });
  return row!.id;
}

export async function insertShipmentLines(tx: Tx, lines: (typeof shipmentLines.$inferInsert)[]): Promise<void> {
  if (lines.length > 0) await tx.insert(shipmentLines).values(lines);
}

export async function insertShipmentPackages(tx: Tx, packages: (typeof shipmentPackages.$inferInsert)[]): Promise<void> {
  if (packages.length > 0) await tx.insert(shipmentPackages).values(packages);
}

/** Shipped quantities come from the shipments that have shipped, so a replaced shipment is never counted twice. */
export async function recomputeShippedQuantities(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
      update order_lines l set quantity_shipped = coalesce((
        select sum(sl.quantity_shipped) from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where s.order_id = l.order_id and s.shipped_date is not null and sl.line_number = l.line_number), 0)
      where l.order_id = ${orderId}`);
}

/** Ordered and shipped quantities of the order's goods (labor lines never ship). */
export async function findGoodsQuantities(tx: Tx, orderId: number): Promise<{ ordered: number; shipped: number }[]> {
  return tx
    .select({ ordered: orderLines.quantityOrdered, shipped: orderLines.quantityShipped })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.isLabor, false)));
}

/** An order's entry time to the microsecond, as PostgreSQL stores it (a JS Date keeps only milliseconds). */
const enteredAtText = sql<string>`to_char(${orders.enteredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Up to `limit` orders entered since a time (inclusive), oldest first, after `afterDocumentNumber`
 * among those entered exactly at `since`; with their organization, branch and who entered them.
 * `since` stays text down to SQL so a cursor keeps its microseconds.
 */
export async function findOrdersPlacedSince(db: Database, since: string, afterDocumentNumber: number | undefined, limit: number) {
  const sinceTime = sql`${since}::timestamptz`;
  return db
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
    .limit(limit);
}
