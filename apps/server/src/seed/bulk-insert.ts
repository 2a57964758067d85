/**
 * Multi-row inserts that stay fast at a million rows on both PostgreSQL and PGlite.
 * A chunk of rows travels as ONE JSON parameter and is expanded by `json_to_recordset`: one bound
 * parameter per statement (no 65,535-parameter ceiling, no per-value binding cost), the same SQL on
 * both drivers, and JSON.stringify does the value encoding (Dates become ISO timestamps, jsonb and
 * array columns stay nested JSON). Keys are shortened to one or two letters first: with forty-odd
 * columns, long property names would be half the JSON PostgreSQL has to parse.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/** The database or a transaction on it: both can `execute`. */
export type Executor = Pick<Database, 'execute'>;

const SERIAL_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

/**
 * Inserts `rows` in chunks. Every row must carry the same keys (the first row's keys are the columns
 * inserted; columns left out take their defaults).
 */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0]!).filter((k) => k in columns);
  const target = keys.map((k) => `"${columns[k]!.name}"`).join(', ');
  // a..z, aa..zz, ...: letters, so V8 keeps them as named properties rather than array indexes.
  const aliases = keys.map((_, i) => String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(i / 26)));
  const source = aliases.map((a) => `r."${a}"`).join(', ');
  const definition = keys
    .map((k, i) => {
      const type = columns[k]!.getSQLType();
      return `"${aliases[i]}" ${SERIAL_TYPES[type] ?? type}`;
    })
    .join(', ');
  const head = `INSERT INTO "${getTableName(table)}" (${target}) SELECT ${source} FROM json_to_recordset(`;
  const tail = `::json) AS r(${definition})`;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const end = Math.min(rows.length, start + chunkSize);
    const chunk: Record<string, unknown>[] = new Array(end - start);
    for (let r = start; r < end; r++) {
      const row = rows[r] as Record<string, unknown>;
      const short: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) short[aliases[i]!] = row[keys[i]!];
      chunk[r - start] = short;
    }
    const json = JSON.stringify(chunk);
    await db.execute(sql`${sql.raw(head)}${json}${sql.raw(tail)}`);
  }
}

/** Moves a serial column's sequence past the explicit ids the seed inserted. */
export async function resetSequence(db: Executor, table: string, column = 'id'): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), COALESCE((SELECT max("${column}") FROM "${table}"), 0) + 1, false)`,
    ),
  );
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then recreates them from their saved
 * definitions. Building an index once over a million rows is far cheaper than updating it row by row
 * (GIN full-text and trigram indexes especially). Primary keys stay (foreign keys need them); unique
 * indexes are checked when rebuilt, so a duplicate still fails the seed. Inside a transaction, a
 * failure restores the indexes with everything else. The indexes named in `kept` stay: the triggers
 * that fill derived tables during the load look rows up by them, and without them each statement
 * would scan a table that grows with the load.
 */
export async function withIndexesRebuilt<T>(
  db: Executor,
  tables: readonly string[],
  kept: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const result = await db.execute(sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
    ORDER BY i.indexname`);
  const indexes = (result.rows as { indexname: string; indexdef: string }[]).filter((index) => !kept.includes(index.indexname));
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX "public"."${index.indexname}"`));
  const value = await load();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  return value;
}
