/**
 * Order queries. Each takes an OrderScope (order-scope.ts), so no query can read outside the
 * caller's organization, branch and (with limitOrderHistory) own orders. The indexes they rely on
 * are in drizzle/0002_orders.sql and 0007_order_reads.sql (performance.md: fast at 1M orders).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { NON_PENDING_CODES, ORDER_STATUS, STATUS_GROUP_CODES, type OrderStatusGroup, type RecentUpdateType } from '@portal/domain/rules';
import type { Database, DatabaseTransaction } from '../../db/client.js';
import { products } from '../catalog/schema.js';
import { orderLines, orderListRevisions, orders, shipmentLines, shipmentPackages, shipments } from './schema.js';
import { scopeCondition, type OrderScope } from './order-scope.js';

/** The columns of an order summary (spec 3), nothing more: lists stay narrow. */
export const summaryColumns = {
  documentNumber: orders.documentNumber,
  purchaseOrderNumber: orders.purchaseOrderNumber,
  statusCode: orders.statusCode,
  enteredAt: orders.enteredAt,
  shippedAt: orders.shippedAt,
  expectedShipDate: orders.expectedShipDate,
  shipToName: orders.shipToName,
  shipToAddress1: orders.shipToAddress1,
  shipToAddress2: orders.shipToAddress2,
  shipToAddress3: orders.shipToAddress3,
  shipToCity: orders.shipToCity,
  shipToState: orders.shipToState,
  shipToPostalCode: orders.shipToPostalCode,
  shipToEmail: orders.shipToEmail,
  shipToPhone: orders.shipToPhone,
  orderCents: orders.orderCents,
};

/**
 * One order summary as the database driver returns it, keyed by column name. The lists read these
 * unmapped: at ~1,000 rows per answer Drizzle's row mapping cost about as much as the query itself
 * (issue 15). Timestamps and dates are PostgreSQL's text (Drizzle's drivers leave them unparsed);
 * the bigint document number is text (node-postgres) or a bigint (PGlite).
 */
export type SummaryRecord = {
  document_number: string | number | bigint;
  purchase_order_number: string;
  status_code: number;
  entered_at: string;
  shipped_at: string | null;
  expected_ship_date: string | null;
  ship_to_name: string;
  ship_to_address1: string;
  ship_to_address2: string;
  ship_to_address3: string;
  ship_to_city: string;
  ship_to_state: string;
  ship_to_postal_code: string;
  ship_to_email: string;
  ship_to_phone: string;
  order_cents: number;
};

/** The summary columns by name, for statements written out in SQL (their rows are SummaryRecords). */
const summaryColumnList = sql.join(
  Object.values(summaryColumns).map((column) => sql.identifier(column.name)),
  sql`, `,
);

const dialect = new PgDialect();

/**
 * Runs a statement and answers its rows as the driver returns them (no ORM mapping). With
 * `prepared`, the statement is a named prepared statement: PostgreSQL plans it once per connection
 * instead of on every call (planning cost more than executing the list statements: ~1 ms against
 * 0.3 ms, because orders has many indexes to consider). Only for statements whose text comes from a
 * small set of shapes; the name is derived from the text. PGlite runs it unnamed.
 */
async function recordsOf<T>(db: Database, statement: SQL | { toSQL(): Query }, prepared: boolean): Promise<T[]> {
  const query = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  const name = prepared ? `orders_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}` : undefined;
  const result = await db._.session
    .prepareQuery<{ execute: { rows: T[] }; all: T[]; values: unknown }>(query, undefined, name, false)
    .execute();
  return result.rows;
}

/** A status code written into the statement as a constant, as a partial index's condition names it. */
const statusConstant = (code: number) => sql.raw(String(code));

/**
 * Open orders: not cancelled and below Shipped (60). Written exactly as the partial index
 * orders_open_idx is (constants, not parameters), so the planner reads only open orders, newest
 * first, from the index alone.
 */
export const openCondition = sql`${orders.statusCode} < ${statusConstant(ORDER_STATUS.shipped)} and ${orders.statusCode} <> ${statusConstant(ORDER_STATUS.cancelled)}`;

export function findOpenOrders(db: Database, scope: OrderScope): Promise<SummaryRecord[]> {
  const query = db
    .select(summaryColumns)
    .from(orders)
    .where(and(scopeCondition(scope), openCondition))
    .orderBy(desc(orders.enteredAt), desc(orders.documentNumber));
  return recordsOf<SummaryRecord>(db, query, true);
}

/**
 * The revision of one branch's order lists (0012_order_list_revisions.sql), as text; null while the
 * branch has never had an order. One primary-key lookup, prepared.
 */
export async function findOrderListRevision(db: Database, organizationId: number, branchId: number): Promise<string | null> {
  const rows = await recordsOf<{ revision: string }>(
    db,
    sql`select ${orderListRevisions.revision}::text as revision from ${orderListRevisions}
        where ${orderListRevisions.organizationId} = ${organizationId} and ${orderListRevisions.branchId} = ${branchId}`,
    true,
  );
  return rows[0]?.revision ?? null;
}

/** The most orders one Recent Orders window answers (a week of a very busy branch). */
export const RECENT_ORDERS_LIMIT = 1000;

type EventColumn = typeof orders.enteredAt | typeof orders.shippedAt | typeof orders.cancelledAt;

function inWindow(column: EventColumn, start: Date, end: Date): SQL {
  return and(gte(column, start), lt(column, end))!;
}

const EVENT_COLUMNS = { entered: orders.enteredAt, shipped: orders.shippedAt, cancelled: orders.cancelledAt } as const;

/**
 * Orders entered, shipped or cancelled within [start, end), newest event first. Each event has its
 * covering index, newest first within a branch (entered: orders_search_idx; shipped and cancelled:
 * 0007_order_reads.sql), so one type is a single index-only range scan already in order. "any" is
 * the three scans appended, each order once with the latest of its events inside the window (an
 * order entered and shipped the same week counts as shipped then), newest first.
 * The answer's rows may carry an `event_at` column beside the summary's: nothing reads it.
 */
export async function findRecentOrders(
  db: Database,
  scope: OrderScope,
  updateType: RecentUpdateType,
  start: Date,
  end: Date,
): Promise<SummaryRecord[]> {
  if (updateType !== 'any') {
    const at = EVENT_COLUMNS[updateType];
    const query = db
      .select(summaryColumns)
      .from(orders)
      .where(and(scopeCondition(scope), inWindow(at, start, end)))
      .orderBy(desc(at), desc(orders.documentNumber))
      .limit(RECENT_ORDERS_LIMIT);
    return recordsOf<SummaryRecord>(db, query, true);
  }
  const events = sql.join(
    Object.values(EVENT_COLUMNS).map(
      (at) =>
        sql`select ${sql.identifier(at.name)} as event_at, ${summaryColumnList} from ${orders} where ${and(scopeCondition(scope), inWindow(at, start, end))}`,
    ),
    sql` union all `,
  );
  // An order has at most three rows here (one per event in the window), so three times the limit
  // holds the limit's worth of orders. Newest event first, an order's first row is its latest event:
  // it is kept there, its older rows are skipped. (A DISTINCT ON in the statement sorted the wide
  // rows twice: ~1 ms more of the database per call at a week of a busy branch, issue 15.)
  const rows = await recordsOf<SummaryRecord>(
    db,
    sql`select * from (${events}) events order by event_at desc, document_number desc limit ${sql.raw(String(3 * RECENT_ORDERS_LIMIT))}`,
    true,
  );
  return latestRowPerOrder(rows, RECENT_ORDERS_LIMIT);
}

/** The first row of each order, in the rows' order, at most `limit` of them. */
export function latestRowPerOrder<T extends Pick<SummaryRecord, 'document_number'>>(rows: T[], limit: number): T[] {
  const seen = new Set<string>();
  const latest: T[] = [];
  for (const row of rows) {
    const documentNumber = String(row.document_number);
    if (seen.has(documentNumber)) continue;
    seen.add(documentNumber);
    latest.push(row);
    if (latest.length === limit) break;
  }
  return latest;
}

export type SearchFilters = {
  since: Date;
  /** A document number, or the start of a PO number or reference. */
  orderReference: string;
  email: string;
  /** Digits only, without a leading country code 1. */
  phoneDigits: string;
  status: OrderStatusGroup | '';
  name: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  /** The start of a SKU one of the order's lines carries (any case). */
  sku: string;
};

/**
 * The digits of the ship-to phone without a leading country code 1, exactly as the index
 * orders_search_phone_idx computes them.
 */
export const phoneDigitsExpression = sql`regexp_replace(regexp_replace(${orders.shipToPhone}, '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1')`;

/** Digits of a typed phone, the country code 1 dropped as in phoneDigitsExpression. */
export function phoneDigitsOf(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** `%` and `_` typed by a user are literal characters, not patterns. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search's WHERE. Selective criteria are written the way their index of 0002_orders.sql is
 * (lower(...) prefixes of references, emails and zips, the digits of the phone); the rest (status,
 * substrings of name, address and city, state) are read from the covering index orders_search_idx
 * within the branch and time frame, without touching the table.
 */
export function searchCondition(scope: OrderScope, f: SearchFilters): SQL {
  const terms: (SQL | undefined)[] = [scopeCondition(scope), gte(orders.enteredAt, f.since)];
  if (f.orderReference) {
    const prefix = `${likeEscape(f.orderReference.toLowerCase())}%`;
    const byNumber = /^\d{1,15}$/.test(f.orderReference) ? eq(orders.documentNumber, Number(f.orderReference)) : undefined;
    terms.push(or(byNumber, sql`lower(${orders.purchaseOrderNumber}) like ${prefix}`, sql`lower(${orders.reference}) like ${prefix}`));
  }
  if (f.email) terms.push(sql`lower(${orders.shipToEmail}) = ${f.email.toLowerCase()}`);
  // A phone matches when its digits start with the digits typed (area code first, as written).
  if (f.phoneDigits) terms.push(sql`${phoneDigitsExpression} like ${`${f.phoneDigits}%`}`);
  if (f.status) {
    // Constants, not parameters: the planner must see the list to use the partial index orders_pending_idx.
    const codes = sql.raw((f.status === 'pending' ? NON_PENDING_CODES : STATUS_GROUP_CODES[f.status]).join(', '));
    terms.push(f.status === 'pending' ? sql`${orders.statusCode} not in (${codes})` : sql`${orders.statusCode} in (${codes})`);
  }
  if (f.name) terms.push(sql`lower(${orders.shipToName}) like ${`%${likeEscape(f.name.toLowerCase())}%`}`);
  if (f.address) {
    terms.push(
      sql`lower(${orders.shipToAddress1} || ' ' || ${orders.shipToAddress2} || ' ' || ${orders.shipToAddress3}) like ${`%${likeEscape(f.address.toLowerCase())}%`}`,
    );
  }
  if (f.city) terms.push(sql`lower(${orders.shipToCity}) like ${`%${likeEscape(f.city.toLowerCase())}%`}`);
  if (f.state) terms.push(eq(orders.shipToState, f.state));
  if (f.postalCode) terms.push(sql`${orders.shipToPostalCode} like ${`${likeEscape(f.postalCode)}%`}`);
  // Orders holding a line whose SKU starts with the text typed: the lines found by order_lines_sku_idx
  // (0016_branch_addresses.sql), then their orders by id, within the scope above.
  if (f.sku) {
    terms.push(
      sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where lower(${orderLines.sku}) like ${`${likeEscape(f.sku.toLowerCase())}%`})`,
    );
  }
  return and(...terms)!;
}

export async function searchOrders(
  db: Database,
  scope: OrderScope,
  filters: SearchFilters,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: SummaryRecord[] }> {
  const where = searchCondition(scope, filters);
  const [rows, [totals]] = await Promise.all([
    // Unnamed: the criteria make too many shapes of statement to keep each one prepared.
    recordsOf<SummaryRecord>(
      db,
      db
        .select(summaryColumns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.enteredAt), desc(orders.documentNumber))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      false,
    ),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { total: Number(totals?.total ?? 0), rows };
}

export type OrderRow = typeof orders.$inferSelect;

/** What an order's total on the MSRP basis is computed from (order-view.ts msrpOrderCents), per document number. */
export type MsrpBasisRecord = {
  document_number: string | number | bigint;
  tax_cents: number;
  ship_to_state: string;
  charges_cents: number | string;
  lines_cents: number | string;
};

/**
 * The MSRP-basis parts of listed orders of one organization (restricted pricing, issue 34): product
 * lines at the product's MSRP (0 when the product is unknown), labor lines at their price, as
 * findOrderChildren + toOrderDetail read them for one order.
 */
export async function findMsrpBasis(db: Database, organizationId: number, documentNumbers: number[]): Promise<MsrpBasisRecord[]> {
  if (documentNumbers.length === 0) return [];
  return recordsOf<MsrpBasisRecord>(
    db,
    sql`select o.document_number, o.tax_cents, o.ship_to_state,
          o.notice_cents + o.forklift_cents + o.liftgate_cents + o.residential_cents + o.delivery_access_surcharge_cents
            + o.limited_access_cents + o.dock_hold_cents + o.other_cents as charges_cents,
          coalesce((select sum(case when l.is_labor then l.price_cents else coalesce(p.msrp_cents, 0) end * l.quantity_ordered)
                    from ${orderLines} l left join ${products} p on p.sku = l.sku where l.order_id = o.id), 0) as lines_cents
        from ${orders} o
        where o.organization_id = ${organizationId} and o.document_number in (${sql.join(
          documentNumbers.map((n) => sql`${n}`),
          sql`, `,
        )})`,
    false,
  );
}

export async function findOrderInScope(db: Database, scope: OrderScope, documentNumber: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(scopeCondition(scope), eq(orders.documentNumber, documentNumber)))
    .limit(1);
  return row;
}

export type LineRow = typeof orderLines.$inferSelect & { msrpCents: number | null };
export type ShipmentRow = typeof shipments.$inferSelect;
export type PackageRow = typeof shipmentPackages.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;

export type OrderChildren = {
  lines: LineRow[];
  shipments: ShipmentRow[];
  packages: PackageRow[];
  shipmentLines: ShipmentLineRow[];
};

/** Lines (with the product's msrp, for restricted pricing), shipments, packages and shipped lines of one order. */
export async function findOrderChildren(db: Database, orderId: number): Promise<OrderChildren> {
  const [lines, shipmentRows] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        lineNumber: orderLines.lineNumber,
        sku: orderLines.sku,
        description: orderLines.description,
        quantityOrdered: orderLines.quantityOrdered,
        quantityShipped: orderLines.quantityShipped,
        priceCents: orderLines.priceCents,
        isLabor: orderLines.isLabor,
        msrpCents: products.msrpCents,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.sku, orderLines.sku))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.lineNumber)),
    db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.shipmentNumber)),
  ]);
  const ids = shipmentRows.map((s) => s.id);
  const [packages, shippedLines] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(shipmentPackages).where(inArray(shipmentPackages.shipmentId, ids)).orderBy(asc(shipmentPackages.id)),
          db.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, ids)).orderBy(asc(shipmentLines.lineNumber)),
        ]);
  return { lines, shipments: shipmentRows, packages, shipmentLines: shippedLines };
}

/*
 * The order writes other modules make, each inside the caller's transaction: checkout places an
 * order with its lines, the integration module applies the manufacturer's updates and shipments.
 * They reach these through service.ts.
 */

type Tx = DatabaseTransaction;

/** A new order's columns; its document number comes from the database's sequence. */
export type PlacedOrderValues = Omit<typeof orders.$inferInsert, 'id' | 'documentNumber'>;

/**
 * Inserts a placed order unless one with its confirmation number exists (the unique index decides,
 * so a concurrent second completion inserts nothing). Answers the new order, or undefined.
 */
export async function insertPlacedOrder(tx: Tx, values: PlacedOrderValues): Promise<{ id: number; documentNumber: number } | undefined> {
  const [created] = await tx
    .insert(orders)
    .values({ documentNumber: sql`nextval('order_document_number_seq')`, ...values })
    .onConflictDoNothing({ target: orders.confirmationNumber })
    .returning({ id: orders.id, documentNumber: orders.documentNumber });
  return created && { id: created.id, documentNumber: Number(created.documentNumber) };
}

/** The document number of the order placed with this confirmation number, if any. */
export async function findDocumentNumberByConfirmationNumber(tx: Tx, confirmationNumber: string): Promise<number | undefined> {
  const [existing] = await tx
    .select({ documentNumber: orders.documentNumber })
    .from(orders)
    .where(eq(orders.confirmationNumber, confirmationNumber))
    .limit(1);
  return existing && Number(existing.documentNumber);
}

export type NewOrderLine = typeof orderLines.$inferInsert;

export async function insertOrderLines(tx: Tx, lines: NewOrderLine[]): Promise<void> {
  await tx.insert(orderLines).values(lines);
}

export type ManufacturerOrderChanges = Partial<typeof orders.$inferInsert>;

/** Writes the manufacturer's changes (status, dates, amounts) to an order; answers the updated row. */
export async function applyManufacturerOrderUpdate(tx: Tx, orderId: number, changes: ManufacturerOrderChanges): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  return updated!;
}

export type ShipmentValues = Pick<typeof shipments.$inferInsert, 'statusCode' | 'expectedShipDate' | 'shippedDate' | 'scac' | 'scacLabel'>;

/** A shipment as the manufacturer reports it; its lines and packages get the shipment's id here. */
export type ShipmentWrite = {
  values: ShipmentValues;
  lines: Omit<typeof shipmentLines.$inferInsert, 'shipmentId'>[];
  packages: Omit<typeof shipmentPackages.$inferInsert, 'shipmentId'>[];
};

/**
 * Creates shipment `shipmentNumber` of the order, or replaces it (its packages and lines emptied,
 * its values overwritten) when it exists; then recomputes the order lines' shipped quantities from
 * the shipments that have shipped, so a replaced shipment is never counted twice.
 */
export async function replaceShipment(tx: Tx, orderId: number, shipmentNumber: number, shipment: ShipmentWrite): Promise<void> {
  const [existing] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.shipmentNumber, shipmentNumber)))
    .limit(1);
  let shipmentId: number;
  if (existing) {
    shipmentId = existing.id;
    await tx.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipmentId));
    await tx.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
    await tx.update(shipments).set(shipment.values).where(eq(shipments.id, shipmentId));
  } else {
    const [row] = await tx
      .insert(shipments)
      .values({ orderId, shipmentNumber, ...shipment.values })
      .returning({ id: shipments.id });
    shipmentId = row!.id;
  }
  if (shipment.lines.length > 0) await tx.insert(shipmentLines).values(shipment.lines.map((line) => ({ shipmentId, ...line })));
  if (shipment.packages.length > 0) {
    await tx.insert(shipmentPackages).values(shipment.packages.map((pkg) => ({ shipmentId, ...pkg })));
  }
  await tx.execute(sql`
      update order_lines l set quantity_shipped = coalesce((
        select sum(sl.quantity_shipped) from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where s.order_id = l.order_id and s.shipped_date is not null and sl.line_number = l.line_number), 0)
      where l.order_id = ${orderId}`);
}

/** Of `documentNumbers`, those the scope may read (issue 36: the statement links only these). */
export async function documentNumbersInScope(db: Database, scope: OrderScope, documentNumbers: number[]): Promise<number[]> {
  if (documentNumbers.length === 0) return [];
  const rows = await db
    .select({ documentNumber: orders.documentNumber })
    .from(orders)
    .where(and(scopeCondition(scope), inArray(orders.documentNumber, documentNumbers)));
  return rows.map((r) => r.documentNumber);
}
