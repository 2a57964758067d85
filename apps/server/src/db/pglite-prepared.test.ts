/**
 * queryRows' prepared statements on PGlite (pglite-prepared.ts): the rows PGlite's own query answers,
 * the statement parsed once per PGlite instance, errors that leave the database usable, and never
 * a statement inside another caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteOf, type DatabaseHandle } from './client.js';
import { queryRows } from './query-rows.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await handle.db.execute(sql`CREATE TABLE things (id int PRIMARY KEY, name text, at timestamptz, tags text[], price numeric(12,2))`);
  await handle.db.execute(sql`INSERT INTO things VALUES
    (1, 'lift', '2026-01-02T03:04:05Z', '{a,b}', 12.50), (2, NULL, NULL, '{}', NULL), (3, 'jack', '2026-05-06T00:00:00Z', '{c}', 99.99)`);
});
afterAll(() => handle.close());

/** Named statements this PGlite session holds, parsed through the protocol, with when each was parsed. */
async function namedStatements(): Promise<Map<string, string>> {
  const rows = (
    await handle.db.execute(sql`SELECT name, prepare_time::text AS parsed FROM pg_prepared_statements WHERE NOT from_sql ORDER BY name`)
  ).rows as { name: string; parsed: string }[];
  return new Map(rows.map((row) => [row.name, row.parsed]));
}

describe('prepared statements on PGlite', () => {
  const statement = (ids: number[], name: string | null) =>
    sql`SELECT id, name, at, tags, price, ${name}::text AS asked FROM things WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id`;

  it("answers the rows PGlite's own query answers, typed alike (as node-postgres's named statements are), for several parameter sets", async () => {
    const client = pgliteOf(handle.db)!;
    for (const [ids, name] of [
      [[1, 2, 3], 'x'],
      [[2], null],
      [[3, 1], 'lift'],
      [[], 'none'],
    ] as const) {
      const query = new PgDialect().sqlToQuery(statement([...ids], name));
      const plain = (await client.query(query.sql, query.params)).rows;
      const prepared = await queryRows<{ at: unknown }>(handle.db, statement([...ids], name), { prepared: true });
      expect(prepared).toEqual(plain);
      if ((ids as readonly number[]).includes(1)) expect(prepared.find((row) => row.at !== null)?.at).toBeInstanceOf(Date);
    }
  });

  it('parses a statement once: later calls bind and execute the named statement', async () => {
    const before = await namedStatements();
    const count = (above: number) => sql`SELECT count(*)::int AS n FROM things WHERE id > ${above}`;
    await queryRows(handle.db, count(0), { prepared: true });
    const added = [...(await namedStatements())].filter(([name]) => !before.has(name));
    expect(added).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await queryRows(handle.db, count(1), { prepared: true })).toEqual([{ n: 2 }]);
    // The same statement, parsed at the same moment: not parsed again.
    expect([...(await namedStatements())].filter(([name]) => !before.has(name))).toEqual(added);
  });

  it('throws the database error and leaves the database usable, for a statement that does not parse or fails when run', async () => {
    await expect(queryRows(handle.db, sql`SELEKT ${1}`, { prepared: true })).rejects.toThrow(/syntax error/);
    await expect(queryRows(handle.db, sql`SELEKT ${1}`, { prepared: true })).rejects.toThrow(/syntax error/);
    const divide = (by: number) => sql`SELECT 10 / ${by}::int AS q`;
    await expect(queryRows(handle.db, divide(0), { prepared: true })).rejects.toThrow(/division by zero/);
    expect(await queryRows(handle.db, divide(5), { prepared: true })).toEqual([{ q: 2 }]);
    expect((await handle.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    const client = pgliteOf(handle.db)!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`UPDATE things SET name = 'moved' WHERE id = 1`);
      await held;
      await tx.rollback();
    });
    // Sent while the transaction is open: it must see the row as committed, not the open change.
    const reading = queryRows<{ name: string }>(handle.db, sql`SELECT name FROM things WHERE id = ${1}`, { prepared: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction.catch(() => {});
    expect(await reading).toEqual([{ name: 'lift' }]);
  });
});
