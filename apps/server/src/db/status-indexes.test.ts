/**
 * The status codes of the domain (packages/domain orders/status.ts) are written once more in the
 * migrations: the partial indexes of table orders that serve Open Orders and the Pending search
 * name codes in their WHERE clauses (issue 33). This test ties the two: it reads every migration of
 * the journal in order, keeps the last definition of each index on orders, parses its
 * `status_code` predicate (`=`, `<>`, `<`, `<=`, `>`, `>=`, `[NOT] IN (...)`, joined by AND) and
 * checks that it admits exactly the codes the domain's rule admits. A new partial index on the
 * status must be named here with its rule, so a changed code cannot leave an index behind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOpenOrderStatus, isUninvoicedOrderStatus, NON_PENDING_CODES, orderStatusGroup } from '@portal/domain/rules';
import { MIGRATIONS_FOLDER } from './client.js';
import { readJournal } from './migrate-status.js';

/** The domain rule each status-filtered partial index of orders must match. */
const INDEX_RULES: Record<string, (code: number) => boolean> = {
  orders_open_idx: isOpenOrderStatus,
  orders_pending_idx: (code) => orderStatusGroup(code) === 'pending',
  orders_on_account_uninvoiced_idx: isUninvoicedOrderStatus,
};

type IndexDefinition = { name: string; table: string; where: string | null; migration: string };

/** The index statements of one migration, in order: creations with their WHERE clause, and drops. */
function indexStatements(sql: string, migration: string): ({ drop: string } | IndexDefinition)[] {
  const text = sql.replace(/--[^\n]*/g, ' ');
  const statements: ({ drop: string } | IndexDefinition)[] = [];
  for (const statement of text.split(';')) {
    const flat = statement.replace(/\s+/g, ' ').trim();
    const drop = /^DROP INDEX (?:IF EXISTS )?"?(\w+)"?/i.exec(flat);
    if (drop) {
      statements.push({ drop: drop[1]! });
      continue;
    }
    const create = /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"? ON "?(\w+)"?/i.exec(flat);
    if (!create) continue;
    const where = /\sWHERE\s(.+)$/i.exec(flat);
    statements.push({ name: create[1]!, table: create[2]!, where: where ? where[1]!.trim() : null, migration });
  }
  return statements;
}

/** The indexes on orders after every migration of the journal has run. */
function ordersIndexes(): Map<string, IndexDefinition> {
  const indexes = new Map<string, IndexDefinition>();
  for (const { tag } of readJournal()) {
    const sql = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
    for (const statement of indexStatements(sql, tag)) {
      if ('drop' in statement) indexes.delete(statement.drop);
      else if (statement.table === 'orders') indexes.set(statement.name, statement);
    }
  }
  return indexes;
}

const COMPARISONS: Record<string, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<>': (a, b) => a !== b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/** A predicate on status_code as a function of the code; throws on anything it does not understand. */
function parseStatusPredicate(where: string): (code: number) => boolean {
  const terms = where
    .replace(/^\((.*)\)$/, '$1')
    .split(/\s+AND\s+/i)
    .map((term) =>
      term
        .trim()
        .replace(/"/g, '')
        .replace(/^orders\./, ''),
    )
    // Terms on other columns (orders.on_account) narrow the index but say nothing of the codes.
    .filter((term) => /status_code/.test(term));
  const tests = terms.map((term): ((code: number) => boolean) => {
    const list = /^status_code\s+(NOT\s+)?IN\s*\(([-\d,\s]+)\)$/i.exec(term);
    if (list) {
      const codes = new Set(list[2]!.split(',').map((c) => Number(c.trim())));
      const negated = !!list[1];
      return (code) => codes.has(code) !== negated;
    }
    const comparison = /^status_code\s*(<>|!=|<=|>=|=|<|>)\s*(-?\d+)$/.exec(term);
    if (comparison) {
      const compare = COMPARISONS[comparison[1]!]!;
      const value = Number(comparison[2]);
      return (code) => compare(code, value);
    }
    throw new Error(`Not a status_code predicate this test understands: ${term}`);
  });
  return (code) => tests.every((t) => t(code));
}

/** Every code a rule could tell apart: each named code, its neighbours and a wide range around them. */
const CODES = Array.from({ length: 401 }, (_, i) => i - 200);

describe('status codes of the domain and the partial indexes of the migrations', () => {
  const indexes = ordersIndexes();
  const statusIndexes = [...indexes.values()].filter((index) => index.where !== null && /status_code/i.test(index.where));

  it('finds the status-filtered indexes of orders, each tied to a domain rule', () => {
    expect(statusIndexes.map((index) => index.name).sort()).toEqual(Object.keys(INDEX_RULES).sort());
  });

  it.each(Object.keys(INDEX_RULES))('%s admits exactly the codes its domain rule admits', (name) => {
    const index = indexes.get(name);
    expect(index, `${name} is missing from the migrations`).toBeDefined();
    const predicate = parseStatusPredicate(index!.where!);
    const rule = INDEX_RULES[name]!;
    const disagreements = CODES.filter((code) => predicate(code) !== rule(code));
    expect(disagreements, `${name} (${index!.migration}): WHERE ${index!.where}`).toEqual([]);
  });

  it('lists in the pending index exactly the codes the search groups claim', () => {
    const where = indexes.get('orders_pending_idx')!.where!;
    const listed = /NOT\s+IN\s*\(([-\d,\s]+)\)/i
      .exec(where)![1]!
      .split(',')
      .map((c) => Number(c.trim()));
    expect([...listed].sort((a, b) => a - b)).toEqual([...NON_PENDING_CODES].sort((a, b) => a - b));
  });

  it('understands the predicates it reads', () => {
    const open = parseStatusPredicate('status_code < 60 AND status_code <> -10');
    expect([-10, 0, 59, 60].map(open)).toEqual([false, true, true, false]);
    const notIn = parseStatusPredicate('status_code NOT IN (-10, 25)');
    expect([-10, 25, 30].map(notIn)).toEqual([false, false, true]);
    expect(parseStatusPredicate('status_code = 25')(25)).toBe(true);
    expect(() => parseStatusPredicate('status_code BETWEEN 1 AND 2')).toThrow();
  });
});
