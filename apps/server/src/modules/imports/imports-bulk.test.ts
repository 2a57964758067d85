/**
 * Imports run in bulk (issue 18): a few set-based statements per batch of rows in one transaction,
 * never a statement per row. Counted through Drizzle's query logger on the same connection, not
 * timed: a 200,000-row price file, and a catalog file of new products, which the search triggers
 * list (catalog_search and its totals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { catalogSearchTotals } from '../catalog/schema.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { readImportCsv } from './csv-input.js';
import { DEFAULT_BATCH_SIZE, runImport } from './service.js';

let handle: DatabaseHandle;
let priceListId: number;
beforeAll(async () => {
  handle = await createTestDatabase();
  const [row] = (await handle.db.execute(sql`INSERT INTO price_lists (name) VALUES ('Bulk') RETURNING id`)).rows as { id: number }[];
  priceListId = row!.id;
  await handle.db.execute(sql`INSERT INTO catalogs (id, label, price_list_id) VALUES ('bulk', 'Bulk', ${priceListId})`);
});
afterAll(() => handle.close());

/** The same connection, with every statement Drizzle sends counted. */
function countingDatabase(): { db: Database; statements: string[] } {
  const statements: string[] = [];
  // node-postgres transactions send BEGIN and COMMIT as statements, PGlite's do not: not counted.
  const logger = { logQuery: (query: string) => void (/^(begin|commit|rollback)\b/i.test(query.trim()) || statements.push(query)) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === 'postgres'
      ? drizzlePostgres(client as pg.Pool, { logger })
      : (drizzlePglite(client as PGlite, { logger }) as unknown as Database);
  return { db, statements };
}

const count = async (statement: ReturnType<typeof sql>) => ((await handle.db.execute(statement)).rows[0] as { n: number }).n;

describe('bulk imports', () => {
  it('imports 200,000 prices in two statements per batch of 5,000, and again without writing', { timeout: 300_000 }, async () => {
    const ROWS = 200_000;
    await handle.db.execute(
      sql`INSERT INTO products (sku, brand, label, msrp_cents) SELECT 'PX-' || lpad(i::text, 6, '0'), 'Brand', 'Product ' || i, 1000 + i FROM generate_series(1, ${ROWS}) i`,
    );
    const lines = ['sku,price'];
    for (let i = 1; i <= ROWS; i++) lines.push(`PX-${String(i).padStart(6, '0')},${(i % 9000) + 10}.${String(i % 100).padStart(2, '0')}`);
    const rows = readImportCsv('prices', lines.join('\r\n'));
    expect(rows).toHaveLength(ROWS);

    const { db, statements } = countingDatabase();
    const result = await runImport(db, { kind: 'prices', priceListId }, 'Line', rows);
    expect(result).toMatchObject({ rows: ROWS, inserted: ROWS, updated: 0, unchanged: 0, skipped: 0 });
    const batches = Math.ceil(ROWS / DEFAULT_BATCH_SIZE);
    // The price list check, one check of every SKU, then one upsert per batch.
    expect(statements.length).toBe(batches + 2);
    expect(statements.filter((s) => s.includes('INSERT INTO price_list_items'))).toHaveLength(batches);
    expect(await count(sql`SELECT count(*)::int AS n FROM price_list_items WHERE price_list_id = ${priceListId}`)).toBe(ROWS);
    expect(await count(sql`SELECT price_cents AS n FROM price_list_items WHERE price_list_id = ${priceListId} AND sku = 'PX-012345'`)).toBe(
      ((12345 % 9000) + 10) * 100 + 45,
    );

    statements.length = 0;
    const again = await runImport(db, { kind: 'prices', priceListId }, 'Line', rows);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: ROWS });
    expect(statements.length).toBe(batches + 2);
  });

  it('imports new catalog products in three statements per batch, every one listed for search', { timeout: 300_000 }, async () => {
    const ROWS = 6_000;
    const BATCH = 1_000;
    const lines = ['sku,brand,model,label,shortDescription,price,msrp,weight,requiresFlatbed'];
    for (let i = 0; i < ROWS; i++) {
      const n = String(i).padStart(6, '0');
      lines.push(
        `BULK-${n},Brand ${i % 40},M${i % 900},Bulk lift number ${n},Two post lift ${i % 7},${(i % 5000) + 100}.25,${(i % 5000) + 150}.00,${i % 900},${i % 3 === 0}`,
      );
    }
    const { db, statements } = countingDatabase();
    const result = await runImport(db, { kind: 'catalog', catalogId: 'bulk' }, 'Line', readImportCsv('catalog', lines.join('\n')), {
      batchSize: BATCH,
    });
    expect(result).toMatchObject({ rows: ROWS, inserted: ROWS, updated: 0, unchanged: 0, skipped: 0 });
    const batches = ROWS / BATCH;
    // The catalog lookup and one lookup of the SKUs that are products already (none), then per batch:
    // insert the new products, list them, set their prices (no update: none of them was stored).
    expect(statements.length).toBe(3 * batches + 2);
    expect(statements.filter((s) => s.includes('INSERT INTO products'))).toHaveLength(batches);
    expect(statements.filter((s) => s.includes('UPDATE products'))).toHaveLength(0);

    const [totals] = await handle.db.select().from(catalogSearchTotals).where(eq(catalogSearchTotals.catalogId, 'bulk'));
    expect(totals!.products).toBe(ROWS);
    expect(await count(sql`SELECT count(*)::int AS n FROM catalog_search WHERE catalog_id = 'bulk'`)).toBe(ROWS);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM price_list_items WHERE price_list_id = ${priceListId} AND sku LIKE 'BULK-%'`),
    ).toBe(ROWS);
  });
});
