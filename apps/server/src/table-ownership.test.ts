/**
 * Each server module owns its tables (docs/architecture.md): the module whose schema.ts declares a
 * table is the only one that writes it; other modules call its service. Reading another module's
 * tables in a join is allowed. The lint zones cannot see which table a statement writes, so this
 * test reads the modules' source: Drizzle writes (`.insert(table)`, `.update(table)`,
 * `.delete(table)`) and written-out SQL (`INSERT INTO`, `UPDATE ... SET`, `DELETE FROM`,
 * `TRUNCATE`, `COPY`) against the tables the schema files declare.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = import.meta.dirname;
const modulesDir = path.join(serverSrc, 'modules');

/**
 * The writes across a module's wall that stand, each with its reason. A new one fails the test
 * until it moves behind the owner's service or is added here with a reason that holds up.
 */
const STANDING_EXCEPTIONS: { writer: string; table: string; why: string }[] = [
  { writer: 'password', table: 'users', why: 'a completed password code sets the password hash and marks the user verified' },
  { writer: 'auth', table: 'users', why: 'a successful login records its time (last_login_at)' },
  ...['products', 'catalog_products', 'price_list_items', 'stock'].map((table) => ({
    writer: 'imports',
    table,
    why: 'the bulk import writes the catalog set-based in one transaction (decision 013)',
  })),
];

type Table = { variable: string; sqlName: string; owner: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every table of a schema.ts under modules/<owner>/ (and payments/, owner 'payments'). */
function declaredTables(): Table[] {
  const schemaFiles = [
    ...readdirSync(modulesDir).map((name) => path.join(modulesDir, name, 'schema.ts')),
    path.join(serverSrc, 'payments/schema.ts'),
  ];
  const tables: Table[] = [];
  for (const file of schemaFiles) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const owner = path.basename(path.dirname(file));
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.push({ variable: match[1]!, sqlName: match[2]!, owner });
  }
  return tables;
}

/** The tables a source file writes: [table's SQL name, line]. */
function writesOf(text: string, tables: Table[]): { table: Table; line: number }[] {
  const byVariable = new Map(tables.map((t) => [t.variable, t]));
  const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));
  const found: { table: Table; line: number }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = byVariable.get(match[1]!);
    if (table) found.push({ table, line: lineOf(match.index) });
  }
  const sqlWrites =
    /\b(?:insert\s+into|delete\s+from|truncate(?:\s+table)?|copy)\s+"?(\w+)"?|\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi;
  for (const match of text.matchAll(sqlWrites)) {
    const table = bySqlName.get((match[1] ?? match[2])!.toLowerCase());
    if (table) found.push({ table, line: lineOf(match.index) });
  }
  return found;
}

describe('tables are written only by the module that owns them', () => {
  const tables = declaredTables();

  it('finds the tables of every module', () => {
    const owners = new Set(tables.map((t) => t.owner));
    expect(tables.length).toBeGreaterThan(30);
    for (const owner of ['auth', 'users', 'catalog', 'orders', 'checkout', 'password', 'organizations', 'payments'])
      expect(owners).toContain(owner);
  });

  it('sees a write across the wall, in Drizzle and in SQL', () => {
    const orders = tables.find((t) => t.sqlName === 'orders')!;
    expect(writesOf('await tx.update(orders).set({ statusCode: 20 });', tables)).toEqual([{ table: orders, line: 1 }]);
    expect(writesOf('sql`\n  UPDATE orders o SET status_code = 20`', tables)).toEqual([{ table: orders, line: 2 }]);
    expect(writesOf('sql`INSERT INTO orders (id) VALUES (1)`; sql`DELETE FROM "orders"`', tables)).toHaveLength(2);
    expect(writesOf('db.select().from(orders).where(eq(orders.id, 1))', tables)).toEqual([]);
  });

  it('no module writes another module’s table outside the standing exceptions', () => {
    const crossings: string[] = [];
    for (const moduleName of readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)) {
      for (const file of sourceFiles(path.join(modulesDir, moduleName))) {
        for (const { table, line } of writesOf(readFileSync(file, 'utf8'), tables)) {
          if (table.owner === moduleName) continue;
          if (STANDING_EXCEPTIONS.some((e) => e.writer === moduleName && e.table === table.sqlName)) continue;
          crossings.push(
            `${path.relative(serverSrc, file)}:${line} writes ${table.sqlName}, a table of modules/${table.owner}: call its service`,
          );
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every standing exception still happens (remove the ones that no longer do)', () => {
    for (const exception of STANDING_EXCEPTIONS) {
      const writes = sourceFiles(path.join(modulesDir, exception.writer)).flatMap((file) => writesOf(readFileSync(file, 'utf8'), tables));
      expect(
        writes.some((w) => w.table.sqlName === exception.table),
        `${exception.writer} → ${exception.table}`,
      ).toBe(true);
    }
  });
});
