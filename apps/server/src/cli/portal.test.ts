/**
 * The portal command-line tool, in process on a seeded test database (PGlite, or PostgreSQL with
 * DATABASE_URL), with its output captured; and as a real process (`--help`, a usage error), from
 * the sources and from the server bundle that `npm run portal` runs.
 * Each command: its happy path, and bad input answering a clear message, a non-zero exit code and
 * nothing written.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { buildServer } from '../../tools/build.mjs';
import type { DatabaseHandle } from '../db/client.js';
import { auditEntries } from '../modules/audit/schema.js';
import { products, stock } from '../modules/catalog/schema.js';
import { apiKeys } from '../modules/integration/schema.js';
import { mailOutbox } from '../modules/mail/index.js';
import { branches, organizationCatalogs, organizations, takenBys, terminals } from '../modules/organizations/index.js';
import { userBranches, users } from '../modules/users/schema.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { COMMAND_LINE_ACTOR } from '../modules/audit/service.js';
import type { CliContext } from './context.js';
import { portalArgsOf } from './integration-alias.js';
import { exitCodeOf } from './portal.js';
import { insertOrder } from '../modules/orders/order-fixtures.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let handle: DatabaseHandle;
let folder: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
});
afterAll(async () => {
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

type Run = { code: number; out: string; err: string; stdout: string; opened: boolean };

/** Runs a command line in process; `database: false` fails the test if the command opens the database. */
async function portal(argv: string[], options: { database?: boolean } = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  let stdout = '';
  let opened = false;
  const ctx: CliContext = {
    config: { mode: 'standard', publicUrl: 'https://portal.example.com', port: 3000 },
    async database() {
      opened = true;
      if (options.database === false) throw new Error('the database was opened');
      return handle.db;
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    write: async (chunk) => {
      stdout += chunk;
    },
    isTty: false,
  };
  const code = await exitCodeOf(argv, ctx);
  return { code, out: out.join('\n'), err: err.join('\n'), stdout, opened };
}

const file = (name: string, text: string) => {
  const at = path.join(folder, name);
  writeFileSync(at, text);
  return at;
};

/** How a process runs the tool: from the sources under tsx, and from the bundle `npm run portal` runs (tools/portal.mjs). */
const PROCESS_RUNNERS: [string, () => string[]][] = [
  ['the sources under tsx', () => ['--import', 'tsx', 'src/cli/portal.ts']],
  ['the built bundle', () => [path.join(bundleDir, 'portal.js')]],
];
// Inside the repository, so the bundle finds node_modules as apps/server/dist/portal.js does.
const bundleDir = path.join(SERVER_DIR, 'dist', `test-cli-${process.pid}`);

describe('as a process', () => {
  beforeAll(() => buildServer(bundleDir), 120_000);
  afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

  it.each(PROCESS_RUNNERS)(
    'prints the help and exits 0; a bad command line exits 2 with the reason on stderr (%s)',
    { timeout: 60_000 },
    async (_, script) => {
      const run = promisify(execFile);
      const env = { ...process.env, DATA_DIR: path.join(folder, 'never-opened'), DATABASE_URL: '' };
      const help = await run(process.execPath, [...script(), '--help'], { cwd: SERVER_DIR, env });
      expect(help.stdout).toContain('usage: npm run portal -- <command>');
      expect(help.stdout).toContain('import catalog FILE --catalog=ID');
      const bad = await run(process.execPath, [...script(), 'import', 'catalog'], { cwd: SERVER_DIR, env }).then(
        () => null,
        (e: { code: number; stderr: string; stdout: string }) => e,
      );
      expect(bad?.code).toBe(2);
      expect(bad?.stderr).toContain('import catalog needs the FILE to read.');
      expect(bad?.stdout).toBe('');
      expect(existsSync(path.join(folder, 'never-opened'))).toBe(false);
    },
  );
});

describe('help and usage', () => {
  it('answers --help on every command without opening the database', async () => {
    for (const argv of [
      ['--help'],
      ['orgs', '--help'],
      ['users', '--help'],
      ['keys', '--help'],
      ['import', '--help'],
      ['export', '--help'],
      ['users', 'create', '-h'],
    ]) {
      const run = await portal(argv, { database: false });
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.out).toMatch(/^usage: npm run (-s )?portal -- /);
    }
  });

  it('refuses unknown commands and options with exit code 2, before opening the database', async () => {
    const cases: [string[], string][] = [
      [[], 'No command given.'],
      [['frobnicate'], 'Unknown command "frobnicate".'],
      [['orgs', 'create', '--name=X', '--colour=red'], "Unknown option '--colour'"],
      [['orgs', 'create', '--name=X', '--enable=allowTeleport'], 'Unknown flag "allowTeleport"'],
      [['orgs', 'create', '--name=X', '--fee-forklift=lots'], '--fee-forklift must be an amount in dollars such as 25.00, not "lots".'],
      [['orgs', 'update', 'abc'], 'The organization ID must be a positive whole number, not "abc".'],
      [['users', 'create', '--org=1', '--email=nope', '--first-name=A', '--last-name=B'], '"nope" is not a valid email address.'],
      [
        ['users', 'create', '--org=1', '--email=a@b.example.com', '--first-name=A', '--last-name=B', '--roles=wizard'],
        'Unknown role "wizard"',
      ],
      [['keys', 'revoke', 'x'], 'The key ID must be a positive whole number, not "x".'],
      [['import', 'catalog', 'f.csv'], 'import catalog needs --catalog=ID.'],
      [['import', 'prices', 'f.csv'], '--price-list must be a positive whole number.'],
      [['import', 'widgets', 'f.csv'], 'import needs catalog, stock, prices, synonyms, invoices or serials, not "widgets".'],
      [['export', 'orders'], 'Cannot export "orders"'],
    ];
    for (const [argv, message] of cases) {
      const run = await portal(argv, { database: false });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err, argv.join(' ')).toContain(message);
      expect(run.opened).toBe(false);
    }
  });
});

describe('keys', () => {
  it('creates a key shown once, lists it, revokes it; revoking it again exits 1', async () => {
    const created = await portal(['keys', 'create', 'ERP', 'production']);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^dpk_[\w-]{43}$/);
    const [row] = await handle.db.select().from(apiKeys).where(eq(apiKeys.name, 'ERP production'));
    expect(row!.keyHash).not.toContain(created.out);
    expect((await portal(['keys', 'list'])).out).toContain(`${row!.id}\tERP production\tcreated `);
    expect(await portal(['keys', 'revoke', String(row!.id)])).toMatchObject({ code: 0, out: `Revoked API key ${row!.id}.` });
    expect((await portal(['keys', 'list'])).out).toMatch(new RegExp(`${row!.id}\\tERP production\\tcreated \\S+\\trevoked `));
    expect(await portal(['keys', 'revoke', String(row!.id)])).toMatchObject({ code: 1, err: `No live API key has the id ${row!.id}.` });
    expect(await portal(['keys', 'create'])).toMatchObject({ code: 2 });
  });
});

describe('orders', () => {
  it('sets an order status from the shell, with its expected ship date; refuses an unknown order or a bad number', async () => {
    const order = await insertOrder(handle.db, { statusCode: 10 });
    expect(await portal(['orders', 'set-status', String(order.documentNumber), '30', '--expected-ship-date=2030-05-05'])).toMatchObject({
      code: 0,
      out: `Order ${order.documentNumber}: status 30, expected ship date 2030-05-05.`,
    });
    expect(await portal(['orders', 'set-status', '999999999', '30'])).toMatchObject({ code: 1 });
    expect(await portal(['orders', 'set-status', 'abc', '30'], { database: false })).toMatchObject({
      code: 2,
      err: 'The document number must be a positive whole number, not "abc".',
    });
    expect(await portal(['orders', 'frobnicate'], { database: false })).toMatchObject({ code: 2 });
  });

  it('the older `npm run integration` commands are the portal’s', () => {
    expect(portalArgsOf(['create-key', 'ERP', 'staging'])).toEqual(['keys', 'create', 'ERP', 'staging']);
    expect(portalArgsOf(['list-keys'])).toEqual(['keys', 'list']);
    expect(portalArgsOf(['revoke-key', '7'])).toEqual(['keys', 'revoke', '7']);
    expect(portalArgsOf(['set-status', '12', '30', '--expected-ship-date=2030-05-05'])).toEqual([
      'orders',
      'set-status',
      '12',
      '30',
      '--expected-ship-date=2030-05-05',
    ]);
    expect(portalArgsOf(['orgs', 'list'])).toEqual(['orgs', 'list']);
  });
});

describe('orgs', () => {
  it('creates an organization with flags, fees, roles, branches, catalogs, card readers and sales reps', async () => {
    const run = await portal([
      'orgs',
      'create',
      '--name=Prairie Lift Service',
      '--enable=allowCardPayments,isTaxable',
      '--enable=allowTerminals',
      '--roles=catalog,checkout,manageUsers',
      '--fee-forklift=75',
      '--fee-notice=12.50',
      '--branch=301:Omaha',
      '--branch=302:Lincoln',
      '--catalogs=show,lifts',
      '--card-reader=tmr_prairie_1:Front counter',
      '--sales-rep=Dana Fox',
    ]);
    expect(run.code, run.err).toBe(0);
    const id = Number(/^Organization (\d+) "Prairie Lift Service"/.exec(run.out)![1]);
    const [org] = await handle.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org).toMatchObject({
      allowCardPayments: true,
      isTaxable: true,
      allowTerminals: true,
      allowOnAccount: false,
      roles: ['catalog', 'checkout', 'manageUsers'],
      feeForkliftCents: 7500,
      feeNoticeCents: 1250,
      feeLiftgateCents: 0,
      priceListId: null,
    });
    const orgBranches = await handle.db.select().from(branches).where(eq(branches.organizationId, id)).orderBy(branches.branchNumber);
    expect(orgBranches.map((b) => [b.branchNumber, b.name])).toEqual([
      [301, 'Omaha'],
      [302, 'Lincoln'],
    ]);
    const orgCatalogs = await handle.db
      .select()
      .from(organizationCatalogs)
      .where(eq(organizationCatalogs.organizationId, id))
      .orderBy(organizationCatalogs.position);
    expect(orgCatalogs.map((c) => c.catalogId)).toEqual(['show', 'lifts']);
    expect(await handle.db.select().from(terminals).where(eq(terminals.organizationId, id))).toEqual([
      { id: 'tmr_prairie_1', organizationId: id, name: 'Front counter' },
    ]);
    expect((await handle.db.select().from(takenBys).where(eq(takenBys.organizationId, id))).map((t) => t.name)).toEqual(['Dana Fox']);

    const updated = await portal([
      'orgs',
      'update',
      String(id),
      '--disable=isTaxable',
      '--branch=302:Lincoln North',
      '--remove-sales-rep=Dana Fox',
      '--sales-rep=Lee Park',
      '--price-list=3',
    ]);
    expect(updated.code, updated.err).toBe(0);
    expect(updated.out).toContain('branches: 301 Omaha; 302 Lincoln North');
    expect(updated.out).toContain('sales reps: Lee Park');
    expect((await handle.db.select().from(organizations).where(eq(organizations.id, id)))[0]).toMatchObject({
      isTaxable: false,
      allowCardPayments: true,
      priceListId: 3,
    });

    // Issue 20: the change is in the organization's audit trail, by the command line, only what changed.
    const entries = await handle.db.select().from(auditEntries).where(eq(auditEntries.organizationId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'organization.update',
      userId: null,
      userName: COMMAND_LINE_ACTOR,
      subjectId: id,
      before: { priceListId: null, branches: ['301 Omaha', '302 Lincoln'], salesReps: ['Dana Fox'] },
      after: { priceListId: 3, branches: ['301 Omaha', '302 Lincoln North'], salesReps: ['Lee Park'] },
    });
    expect(Object.keys(entries[0]!.after as object).sort()).toEqual(['branches', 'flags', 'priceListId', 'salesReps']);
    // An update that changes nothing writes no entry.
    expect((await portal(['orgs', 'update', String(id), '--price-list=3'])).code).toBe(0);
    expect(await handle.db.select().from(auditEntries).where(eq(auditEntries.organizationId, id))).toHaveLength(1);
  });

  it('writes nothing when a reference is unknown', async () => {
    const before = (await handle.db.select().from(organizations)).length;
    const run = await portal(['orgs', 'create', '--name=Ghost Garage', '--branch=401:Main', '--catalogs=lifts,nonesuch']);
    expect(run).toMatchObject({ code: 1, err: 'No catalog has the id nonesuch.' });
    expect((await handle.db.select().from(organizations)).length).toBe(before);
    expect(await handle.db.select().from(branches).where(eq(branches.branchNumber, 401))).toEqual([]);

    const reader = await portal(['orgs', 'update', '2', '--branch=299:Never', '--card-reader=tmr_prairie_1:Stolen']);
    expect(reader).toMatchObject({ code: 1, err: 'The card reader tmr_prairie_1 belongs to another organization.' });
    expect(await handle.db.select().from(branches).where(eq(branches.branchNumber, 299))).toEqual([]);
    expect(await portal(['orgs', 'update', '99999', '--name=X'])).toMatchObject({ code: 1, err: 'No organization has the id 99999.' });
  });
});

describe('users', () => {
  it('creates an invited user and queues the invitation mail with a PUBLIC_URL link', async () => {
    const run = await portal([
      'users',
      'create',
      '--org=1',
      '--email=New.Tech@SummitLift.example.com',
      '--first-name=Nia',
      '--last-name=Tech',
      '--roles=catalog,checkout',
      '--branches=101',
    ]);
    expect(run.code, run.err).toBe(0);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'new.tech@summitlift.example.com'));
    expect(user).toMatchObject({
      organizationId: 1,
      passwordHash: null,
      isActive: true,
      isVerified: false,
      roles: ['catalog', 'checkout'],
    });
    expect(await handle.db.select().from(userBranches).where(eq(userBranches.userId, user!.id))).toHaveLength(1);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'new.tech@summitlift.example.com'));
    expect(mail!.textBody).toContain('https://portal.example.com/password/activate?email=new.tech%40summitlift.example.com&code=');

    const again = await portal([
      'users',
      'create',
      '--org=1',
      '--email=new.tech@summitlift.example.com',
      '--first-name=N',
      '--last-name=T',
    ]);
    expect(again).toMatchObject({ code: 1, err: 'A user with the email new.tech@summitlift.example.com already exists.' });
    const badBranch = await portal([
      'users',
      'create',
      '--org=1',
      '--email=other@summitlift.example.com',
      '--first-name=O',
      '--last-name=T',
      '--branches=201',
    ]);
    expect(badBranch).toMatchObject({ code: 1, err: 'The organization has no branch 201.' });
    expect(await handle.db.select().from(users).where(eq(users.email, 'other@summitlift.example.com'))).toEqual([]);
  });

  it('mails a password code on reset-password; an unknown email exits 1', async () => {
    const run = await portal(['users', 'reset-password', '--email=buyer@summitlift.example.com']);
    expect(run).toMatchObject({ code: 0, out: 'Mailed a password reset code to buyer@summitlift.example.com (valid 15 minutes).' });
    const mails = await handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'buyer@summitlift.example.com'), like(mailOutbox.dedupeKey, 'password-challenge:%')));
    expect(mails.length).toBeGreaterThan(0);
    expect(await portal(['users', 'reset-password', '--email=ghost@nowhere.example.com'])).toMatchObject({
      code: 1,
      err: 'No user has the email ghost@nowhere.example.com.',
    });
  });
});

describe('catalogs, price lists and warehouses', () => {
  it('creates a catalog with its own price list and a warehouse, then imports into them', async () => {
    const warehouse = await portal(['warehouses', 'create', 'N900', '--name=North Depot', '--region-states=nd,sd']);
    expect(warehouse).toMatchObject({ code: 0, out: 'Created warehouse N900 "North Depot".' });
    const created = await portal(['catalogs', 'create', 'farm', '--label=Farm Equipment', '--ships-only-from=N900']);
    expect(created.code, created.err).toBe(0);
    const priceList = Number(/with price list (\d+)\.$/.exec(created.out)![1]);
    expect((await portal(['price-lists', 'list'])).out).toContain(`${priceList}\tFarm Equipment prices`);
    expect((await portal(['catalogs', 'list'])).out).toContain(`farm\tFarm Equipment\tprice list ${priceList}\tships only from N900`);

    const products = file('farm.csv', 'sku,brand,label,msrp,price\nFARM-1,Acme,Hay Lift,900.00,700.00\n');
    expect((await portal(['import', 'catalog', products, '--catalog=farm'])).code).toBe(0);
    const stockFile = file('farm-stock.csv', 'sku,warehouse,quantity\nFARM-1,N900,4\n');
    expect((await portal(['import', 'stock', stockFile])).code).toBe(0);
    const exported = await portal(['export', 'catalog', '--catalog=farm']);
    expect(exported.stdout.split('\r\n')[1]).toBe('FARM-1,Acme,,Hay Lift,,700.00,900.00,4,,0,0,0,0,false,false,false,false,false,,');

    expect(await portal(['catalogs', 'create', 'farm', '--label=Again'])).toMatchObject({ code: 1, err: 'A catalog farm already exists.' });
    expect(await portal(['catalogs', 'create', 'bad id', '--label=X'], { database: false })).toMatchObject({ code: 2 });
    expect(await portal(['catalogs', 'create', 'orchard', '--label=Orchard', '--ships-only-from=ZZ99'])).toMatchObject({
      code: 1,
      err: 'No warehouse has the code ZZ99.',
    });
    expect((await portal(['catalogs', 'list'])).out).not.toContain('orchard');
    expect(await portal(['warehouses', 'create', 'N901', '--name=X', '--region-states=XX'], { database: false })).toMatchObject({
      code: 2,
      err: '"XX" is not a state code.',
    });
  });
});

describe('import and export', () => {
  it('export catalog -> import catalog leaves the catalog unchanged, row for row', async () => {
    const exported = await portal(['export', 'catalog', '--catalog=lifts']);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.stdout.split('\r\n')[0]).toMatch(/^sku,brand,model,label,shortDescription,price,msrp,/);
    const rows = exported.stdout.trimEnd().split('\r\n').length - 1;
    const out = path.join(folder, 'lifts.csv');
    expect((await portal(['export', 'catalog', '--catalog=lifts', `--output=${out}`])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(exported.stdout);

    const imported = await portal(['import', 'catalog', out, '--catalog=lifts']);
    expect(imported).toMatchObject({ code: 0, out: `${out}: ${rows} rows: 0 inserted, 0 updated, ${rows} unchanged, 0 skipped.` });
    expect((await portal(['export', 'catalog', '--catalog=lifts'])).stdout).toBe(exported.stdout);
  });

  it('lists each bad line on stderr, exits 1 and writes nothing; --skip-invalid writes the good rows', async () => {
    const bad = file('bad.csv', 'sku,brand,label,msrp\nCLI-1,Acme,One,10.00\nCLI-2,Acme,Two,free\nCLI-3,,Three,1.00\n');
    const run = await portal(['import', 'catalog', bad, '--catalog=lifts']);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')).toEqual([
      'Line 3: The MSRP must be an amount in dollars such as 1234.50 (at most 9999999.99).',
      'Line 4: The brand is required.',
      `${bad}: 2 rows are invalid; nothing was imported.`,
    ]);
    expect(await handle.db.select().from(products).where(like(products.sku, 'CLI-%'))).toEqual([]);

    const skipping = await portal(['import', 'catalog', bad, '--catalog=lifts', '--skip-invalid']);
    expect(skipping).toMatchObject({ code: 0, out: `${bad}: 3 rows: 1 inserted, 0 updated, 0 unchanged, 2 skipped.` });
    expect(skipping.err).toContain('skipped Line 3:');
    expect((await handle.db.select().from(products).where(like(products.sku, 'CLI-%'))).map((p) => p.sku)).toEqual(['CLI-1']);
  });

  it('imports stock and prices; refuses a missing file, an unknown catalog or price list', async () => {
    const stockFile = file('stock.csv', 'sku,warehouse,quantity\nCLI-1,B250,9\n');
    expect(await portal(['import', 'stock', stockFile])).toMatchObject({
      code: 0,
      out: `${stockFile}: 1 rows: 1 inserted, 0 updated, 0 unchanged, 0 skipped.`,
    });
    expect((await handle.db.select().from(stock).where(eq(stock.sku, 'CLI-1')))[0]).toMatchObject({ warehouseCode: 'B250', quantity: 9 });
    const prices = file('prices.csv', 'sku,price\nCLI-1,8.25\n');
    expect((await portal(['import', 'prices', prices, '--price-list=1'])).code).toBe(0);
    const [item] = (await handle.db.execute(sql`SELECT price_cents FROM price_list_items WHERE price_list_id = 1 AND sku = 'CLI-1'`))
      .rows as { price_cents: number }[];
    expect(item!.price_cents).toBe(825);

    expect(await portal(['import', 'stock', path.join(folder, 'missing.csv')])).toMatchObject({
      code: 1,
      err: `Cannot read ${path.join(folder, 'missing.csv')}: no such file.`,
    });
    expect(await portal(['import', 'prices', prices, '--price-list=777'])).toMatchObject({
      code: 1,
      err: `${prices}: No price list has the id 777.`,
    });
    const out = path.join(folder, 'never.csv');
    expect(await portal(['export', 'catalog', '--catalog=nonesuch', `--output=${out}`])).toMatchObject({
      code: 1,
      err: 'No catalog has the id nonesuch.',
    });
    expect(existsSync(out)).toBe(false);
  });
});
