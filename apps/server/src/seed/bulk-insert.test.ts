/**
 * withIndexesRebuilt (bulk-insert.ts): a large load runs with the tables' secondary indexes dropped
 * and rebuilt after, except those the triggers look rows up by during the load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { withIndexesRebuilt } from './bulk-insert.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await handle.db.execute(sql`CREATE TABLE loaded (id integer PRIMARY KEY, a integer, b integer)`);
  await handle.db.execute(sql`CREATE INDEX loaded_a_idx ON loaded (a)`);
  await handle.db.execute(sql`CREATE INDEX loaded_b_idx ON loaded (b)`);
});
afterAll(() => handle.close());

const indexNames = async () =>
  (
    (await handle.db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'loaded' ORDER BY indexname`)).rows as {
      indexname: string;
    }[]
  ).map((row) => row.indexname);

describe('withIndexesRebuilt', () => {
  it('drops the secondary indexes but the kept ones during the load, and rebuilds them after', async () => {
    const during = await withIndexesRebuilt(handle.db, ['loaded'], ['loaded_b_idx'], async () => {
      await handle.db.execute(sql`INSERT INTO loaded SELECT n, n, n FROM generate_series(1, 100) n`);
      return indexNames();
    });
    expect(during).toEqual(['loaded_b_idx', 'loaded_pkey']);
    expect(await indexNames()).toEqual(['loaded_a_idx', 'loaded_b_idx', 'loaded_pkey']);
  });
});
