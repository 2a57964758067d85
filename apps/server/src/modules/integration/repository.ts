/**
 * The integration module's SQL: API keys, and the reads of orders its updates and the ERP's
 * order feed need. The writes to the orders module's tables go through orders/service.ts. Private
 * to the module: the app and other modules call api-keys.ts and service.ts.
 */
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database, DatabaseTransaction, Queryable } from '../../db/client.js';
import { orderLines, orders, shipments } from '../orders/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';
import { apiKeys } from './schema.js';

type Tx = DatabaseTransaction;
export type OrderRow = typeof orders.$inferSelect;

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
  return selectFeedRows(db)
    .where(
      afterDocumentNumber === undefined
        ? sql`${orders.enteredAt} >= ${sinceTime}`
        : sql`(${orders.enteredAt} > ${sinceTime} or (${orders.enteredAt} = ${sinceTime} and ${orders.documentNumber} > ${afterDocumentNumber}))`,
    )
    .orderBy(asc(orders.enteredAt), asc(orders.documentNumber))
    .limit(limit);
}

/** One order as the feed reads it (its order.created event), inside the caller's transaction. */
export async function findFeedOrder(db: Queryable, orderId: number) {
  const [row] = await selectFeedRows(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** An order with its organization, branch and who entered it, as the order feed answers them. */
function selectFeedRows(db: Queryable) {
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
    .$dynamic();
}
