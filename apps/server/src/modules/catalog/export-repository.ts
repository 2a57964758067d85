/**
 * How the CSV export (export.ts) reads its rows so server memory stays flat at 200k SKUs
 * (docs/decisions/004):
 *  - PostgreSQL: a server-side cursor (DECLARE ... NO SCROLL CURSOR, FETCH n) on one pooled
 *    connection inside a read-only transaction.
 *  - PGlite: one connection for the whole process, and a transaction there is exclusive, so a cursor
 *    would stall every other request for as long as the (possibly slow) client downloads. It reads
 *    in keyset batches instead (sku > last ORDER BY sku), each a short statement.
 * Either way the next batch is read only when the consumer asks for it.
 */
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { poolOf, type Database } from '../../db/client.js';
import type { PricingContext } from './catalog-access.js';
import { queryRows } from '../../db/query-rows.js';
import { catalogExportSql, type ExportRow } from './repository.js';

const BATCH_SIZE = 500;
const dialect = new PgDialect();

/** Batches of priced rows, read as the consumer asks for them; `onBatch` answers false to stop. */
export type ExportRowSource = (onBatch: (rows: ExportRow[]) => Promise<boolean>) => Promise<void>;

function postgresCursorSource(pool: pg.Pool, ctx: PricingContext): ExportRowSource {
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

function keysetSource(db: Database, ctx: PricingContext): ExportRowSource {
  return async (onBatch) => {
    let after = '';
    for (;;) {
      const rows = await queryRows<ExportRow>(db, catalogExportSql(ctx, { after, limit: BATCH_SIZE }));
      if (rows.length === 0 || !(await onBatch(rows)) || rows.length < BATCH_SIZE) break;
      after = rows[rows.length - 1]!.sku;
    }
  };
}

/** The export's rows of the caller's catalog in SKU order, by cursor on PostgreSQL and in keyset batches on PGlite. */
export function exportRowSource(db: Database, ctx: PricingContext): ExportRowSource {
  const pool = poolOf(db);
  return pool ? postgresCursorSource(pool, ctx) : keysetSource(db, ctx);
}
