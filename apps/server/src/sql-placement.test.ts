/**
 * Every statement lives in a repository of the module that owns its table (issue 33,
 * docs/architecture.md): SQL is written in a module's `repository.ts` or `*-repository.ts` (and its
 * `schema.ts` declares the tables), in `db/` (the client and the migrations), and nowhere else of
 * the server; the migrations themselves are `apps/server/drizzle/*.sql`. Services, routes, the
 * command line and the seed call repositories through services. Which module may WRITE a table
 * is table-ownership.test.ts's; this test finds statements outside the SQL files at all.
 *
 * What it looks for: the `sql` template tag and `sql.raw`, a driver's `.query(` / `.execute(`, and a
 * Drizzle builder on a declared table (`.from(orders)`, `.insert(users)`, `.update(..)`,
 * `.delete(..)`, joins).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = import.meta.dirname;

/**
 * Files that still hold statements, each with its reason. A new one fails the test until its SQL
 * moves into a repository; one that no longer holds any must leave the list.
 */
const STANDING_EXCEPTIONS: Record<string, string> = {
  'bench/catalog-index-bench.ts': 'benchmark set-up',
  // Machinery on the connection rather than on a table.
  'modules/auth/session-cache.ts': 'LISTEN on its own connection for principal_changes (decision 014)',
  // Data generators and measurement: they fill and read tables in bulk, outside the running server.
  'seed/seed.ts': 'the demo data, written set-based',
  'seed/seed-cli.ts': 'the seed command: truncation and counts',
  'seed/bulk-insert.ts': 'the bulk insert of demo and benchmark data',
  'seed/invoices.ts': 'the demo invoices',
  'bench/bench-support.ts': 'benchmark set-up',
  'bench/catalog-bench.ts': 'benchmark set-up',
  'bench/catalog-traffic.ts': 'benchmark set-up',
  'bench/orders-bench.ts': 'benchmark set-up',
  'soak/soak-cli.ts': 'the soak run’s checks of the database',
  'security/checkout-crash-cycles.ts': 'the crash test reads what a crashed checkout left behind',
};

/** Where statements belong: a module's SQL files, the database layer, the tests' helpers and fixtures. */
const isSqlHome = (file: string) =>
  /(^|\/)(schema|repository|[\w-]+-repository)\.ts$/.test(file) ||
  file.startsWith('db/') ||
  file.startsWith('test-support/') ||
  /[\w-]+-(test-support|fixtures)\.ts$/.test(file);

function sourceFiles(): string[] {
  return readdirSync(serverSrc, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.relative(serverSrc, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The variables the schema files declare tables as (`export const orders = pgTable(`). */
function tableVariables(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles().filter((f) => /(^|\/)schema\.ts$/.test(f))) {
    for (const match of readFileSync(path.join(serverSrc, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) names.add(match[1]!);
  }
  return names;
}

/** The lines of `text` that hold a statement. */
function statementLines(text: string, tables: Set<string>): number[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const lines = new Set<number>();
  for (const match of text.matchAll(/\bsql(?:<[^`(]*?>)?`|\bsql\.raw\(|\.(?:query|execute)\(/g)) lines.add(lineOf(match.index));
  for (const match of text.matchAll(/\.(?:from|insert|update|delete|innerJoin|leftJoin)\(\s*(\w+)\s*[,)]/g))
    if (tables.has(match[1]!)) lines.add(lineOf(match.index));
  return [...lines];
}

describe('SQL lives in repositories', () => {
  const tables = tableVariables();

  it('sees a statement in its usual forms, and not a Buffer or a Map', () => {
    expect(tables.has('orders')).toBe(true);
    expect(statementLines('await db.select().from(orders).where(x)', tables)).toEqual([1]);
    expect(statementLines('await tx.insert(users).values(v)', tables)).toEqual([1]);
    expect(statementLines('const q = sql`select 1`;\nawait db.execute(q);', tables)).toEqual([1, 2]);
    expect(statementLines("await client.query('listen principal_changes')", tables)).toEqual([1]);
    expect(statementLines('Buffer.from(text); cache.delete(key); hash.update(data)', tables)).toEqual([]);
  });

  it('finds no statement outside the SQL files but the standing exceptions', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      if (isSqlHome(file) || file in STANDING_EXCEPTIONS) continue;
      const lines = statementLines(readFileSync(path.join(serverSrc, file), 'utf8'), tables);
      if (lines.length > 0)
        found.push(`${file}:${lines.join(',')} holds SQL: move it into the repository of the module that owns the table`);
    }
    expect(found).toEqual([]);
  });

  it('every standing exception still holds SQL (remove the ones that no longer do)', () => {
    const stale = Object.keys(STANDING_EXCEPTIONS).filter(
      (file) => statementLines(readFileSync(path.join(serverSrc, file), 'utf8'), tables).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
