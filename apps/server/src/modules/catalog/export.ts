/**
 * The full-catalog CSV export (`GET /api/catalog/export`, spec 7, file name spec 9). Rows are
 * streamed as the database produces them so server memory stays flat at 200k SKUs
 * (performance.md: first byte < 200 ms, memory growth < 100 MB). See docs/decisions/004.
 *
 *  - PostgreSQL: a server-side cursor (DECLARE ... NO SCROLL CURSOR, FETCH n) on one pooled
 *    connection inside a read-only transaction.
 *  - PGlite: one connection for the whole process, and a transaction there is exclusive, so a cursor
 *    would stall every other request for as long as the (possibly slow) client downloads. It reads
 *    in keyset batches instead (sku > last ORDER BY sku), each a short statement.
 * Either way the client's back-pressure pauses the reading, and a closed connection stops it.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CATALOG_EXPORT_COLUMNS, centsToDollars, type CatalogExportQuery } from '@portal/domain';
import { poolOf, type Database } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { pricingContextFor, requireBranch, type PricingContext } from './catalog-access.js';
import { csvRow } from './csv.js';
import { catalogExportSql, queryRows, type ExportRow } from './repository.js';

const BATCH_SIZE = 500;
const dialect = new PgDialect();

type ExportColumn = (typeof CATALOG_EXPORT_COLUMNS)[number];

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/** One CSV value per documented column (docs/api.md "Catalog export"). */
const CELL: Record<ExportColumn, (row: ExportRow) => string | number | boolean | null> = {
  sku: (r) => r.sku,
  brand: (r) => r.brand,
  model: (r) => r.model,
  label: (r) => r.label,
  shortDescription: (r) => r.short_description,
  price: (r) => money(r.price_cents),
  msrp: (r) => money(r.msrp_cents),
  netAvailable: (r) => Number(r.in_region) + Number(r.outside_region),
  nextReceiptDate: (r) => r.next_receipt_date,
  weight: (r) => r.weight,
  length: (r) => r.length,
  width: (r) => r.width,
  height: (r) => r.height,
  requiresFlatbed: (r) => r.requires_flatbed,
  requiresForkLift: (r) => r.requires_fork_lift,
  requiresLiftGate: (r) => r.requires_lift_gate,
  requiresResidential: (r) => r.requires_residential,
  isSmallParcel: (r) => r.is_small_parcel,
  category: (r) => r.category,
  warrantyMonths: (r) => r.warranty_months,
};

export function exportLine(row: ExportRow): string {
  return csvRow(CATALOG_EXPORT_COLUMNS.map((column) => CELL[column](row)));
}

/** Batches of priced rows, read as the consumer asks for them. */
type RowSource = (onBatch: (rows: ExportRow[]) => Promise<boolean>) => Promise<void>;

function postgresCursorSource(pool: pg.Pool, ctx: PricingContext): RowSource {
  return async (onBatch) => {
    const query = dialect.sqlToQuery(catalogExportSql(ctx));
    const client = await pool.connect();
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`DECLARE catalog_export NO SCROLL CURSOR FOR ${query.sql}`, query.params);
      for (;;) {
        const { rows } = await client.query<ExportRow>(`FETCH ${BATCH_SIZE} FROM catalog_export`);
        if (rows.length === 0 || !(await onBatch(rows)) || rows.length < BATCH_SIZE) break;
      }
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      // A connection in an unknown transaction state must not go back to the pool.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
}

function keysetSource(db: Database, ctx: PricingContext): RowSource {
  return async (onBatch) => {
    let after = '';
    for (;;) {
      const rows = await queryRows<ExportRow>(db, catalogExportSql(ctx, { after, limit: BATCH_SIZE }));
      if (rows.length === 0 || !(await onBatch(rows)) || rows.length < BATCH_SIZE) break;
      after = rows[rows.length - 1]!.sku;
    }
  };
}

/**
 * Writes a chunk, waiting for the client to drain; false once the client has gone. The wait for the
 * event that did not come is called off, so its listeners do not pile up on the stream (a 200k-row
 * export waits thousands of times).
 */
export async function writeWithBackpressure(stream: PassThrough, chunk: string): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.write(chunk)) {
    const waited = new AbortController();
    try {
      await Promise.race([once(stream, 'drain', { signal: waited.signal }), once(stream, 'close', { signal: waited.signal })]);
    } finally {
      waited.abort();
    }
  }
  return !stream.destroyed;
}

/**
 * Checks access first (so a refusal is a normal error answer), then answers the CSV stream. The
 * header row goes out at once; rows follow batch by batch.
 */
export async function openCatalogExport(db: Database, principal: Principal, query: CatalogExportQuery): Promise<Readable> {
  requireBranch(principal, query.branchNumber);
  const ctx = await pricingContextFor(db, principal, query.catalog);
  const pool = poolOf(db);
  const source = pool ? postgresCursorSource(pool, ctx) : keysetSource(db, ctx);

  const stream = new PassThrough();
  stream.write(csvRow(CATALOG_EXPORT_COLUMNS));
  source(async (rows) => writeWithBackpressure(stream, rows.map(exportLine).join('')))
    .then(() => stream.end())
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
