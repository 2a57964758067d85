/**
 * `npm run soak -- --db=postgres://user@host:5432/postgres [options]` (issue 17): the long runs of
 * the standing tests.
 *
 * 1. Load: a fresh database (created beside the one the URL names, seeded with the demo data by the
 *    server itself), a real server process, 200 browsing clients (catalog search, product, order
 *    lists and details) and 20 checking-out clients (price, checkout, details, card payment,
 *    completion) for 5 minutes. Reports p95 per kind, the error count (0 expected; any error
 *    fails the run) and the server's peak RSS and heap.
 * 2. The property-based inputs with many runs per route (PROPERTY_RUNS) on PostgreSQL.
 * 3. The checkout killed at each step, 500 cycles (CRASH_CYCLES) on PostgreSQL.
 *
 * Options: --duration=<seconds> (300), --browsers=<n> (200), --buyers=<n> (20), --port=<n> (3901),
 * --property-runs=<n> (300), --crash-cycles=<n> (500), --skip-load, --skip-property, --skip-crash.
 * Exit code 0 only when every part held.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { spawnServer, waitForHealth, type ServerProcess } from '../process/server-process.js';
import { DEMO_BUYER, payCheckout, portalFetch } from '../test-support/checkout-driver.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL },
    duration: { type: 'string', default: '300' },
    browsers: { type: 'string', default: '200' },
    buyers: { type: 'string', default: '20' },
    port: { type: 'string', default: '3901' },
    'property-runs': { type: 'string', default: '300' },
    'crash-cycles': { type: 'string', default: '500' },
    'skip-load': { type: 'boolean', default: false },
    'skip-property': { type: 'boolean', default: false },
    'skip-crash': { type: 'boolean', default: false },
  },
});
if (!values.db?.startsWith('postgres')) {
  console.error('usage: npm run soak -- --db=postgres://user@host:5432/postgres [--duration=300] [--browsers=200] [--buyers=20]');
  process.exit(2);
}
const adminUrl = values.db;
const port = Number(values.port);
const KEYWORDS = ['lift', 'two post', 'APX2P', 'tire changer', 'balancer', 'compressor', 'scissor', 'alignment', '9000', 'accessories'];
const SKUS = ['PBYAX-0104', 'APX2P-9000', 'TTAAL-3D40', 'AFGAC-0080', 'TQL2P-12000', 'BPRWB-2800'];

function databaseUrlWith(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

type Sample = { kind: string; ms: number; ok: boolean; detail?: string };
const samples: Sample[] = [];
const errors: string[] = [];

async function call(kind: string | undefined, token: string, method: string, url: string, body?: unknown) {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    ({ status, text } = await portalFetch(port, { method, url, body, token }));
  } catch (error) {
    text = (error as Error).message;
  }
  const ok = status >= 200 && status < 300;
  if (kind) samples.push({ kind, ms: performance.now() - started, ok });
  if (!ok) {
    errors.push(`${method} ${url}: ${status} ${text.slice(0, 200)}`);
    throw new Error(`${method} ${url}: ${status}`);
  }
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function login(): Promise<string> {
  return (await call('login', '', 'POST', '/api/users/session/login', { ...DEMO_BUYER, deviceId: 'soak' })).id as string;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function browse(token: string) {
  const roll = Math.random();
  if (roll < 0.4) {
    await call('search', token, 'POST', '/api/catalog/search', {
      keywords: pick(KEYWORDS),
      catalog: 'lifts',
      shipToState: 'CO',
      branchNumber: 101,
      page: 1 + Math.floor(Math.random() * 3),
      pageSize: 25,
    });
  } else if (roll < 0.65) {
    await call('product', token, 'GET', `/api/catalog/product/${pick(SKUS)}?shipToState=CO&branchNumber=101&catalog=lifts`);
  } else if (roll < 0.8) {
    await call('orders-recent', token, 'POST', '/api/orders/recent', { branchNumber: 101, timeFrame: 7, updateType: 'any' });
  } else if (roll < 0.9) {
    await call('orders-search', token, 'POST', '/api/orders/search', {
      branchNumber: 101,
      name: pick(['a', 'e', 'lift']),
      timeFrame: '6months',
      page: 1,
      pageSize: 25,
    });
  } else {
    await call('order-detail', token, 'GET', `/api/orders/detail/${3910101 + Math.floor(Math.random() * 25)}?branchNumber=101`);
  }
}

async function checkOut(token: string) {
  const started = performance.now();
  const items = [{ sku: pick(SKUS.slice(0, 2)), quantity: 1 + Math.floor(Math.random() * 3) }];
  // A payment that did not succeed shows as the completion's error (409), counted with the others.
  const { confirmationNumber } = await payCheckout((step, method, url, body) => call(step, token, method, url, body), {
    items,
    purchaseOrderNumber: 'PO-SOAK',
  });
  await call('checkout-complete', token, 'GET', `/api/checkout/${confirmationNumber}/complete`);
  samples.push({ kind: 'whole checkout', ms: performance.now() - started, ok: true });
}

async function clientLoop(work: (token: string) => Promise<void>, token: string, until: number) {
  while (Date.now() < until) {
    try {
      await work(token);
    } catch {
      // counted in errors; a short pause so a failing server is not hammered
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Sessions for the clients, signed in one after another before the load: a login claims a count on
 * its address and email first (login limits), so hundreds of concurrent logins of one user from one
 * address would rightly be refused. Clients share them round robin, as tabs of a browser would.
 */
async function sessions(count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await login());
  return tokens;
}

function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function loadRun(): Promise<boolean> {
  const database = `portal_soak_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  let server: ServerProcess | undefined;
  try {
    console.log(`load: database ${database}; starting the server and seeding the demo data...`);
    server = spawnServer({
      DATABASE_URL: databaseUrlWith(adminUrl, database),
      PORT: String(port),
      PORTAL_MODE: 'standard',
      SEED_ON_START: 'true',
      NODE_OPTIONS: `--import=${path.join(REPO_ROOT, 'apps/server/src/soak/memory-report.mjs')}`,
    });
    await waitForHealth(server, port, 600_000);
    const browsers = Number(values.browsers);
    const buyers = Number(values.buyers);
    const seconds = Number(values.duration);
    console.log(`load: ${browsers} browsing and ${buyers} checking-out clients for ${seconds} s`);
    const tokens = await sessions(Math.min(20, browsers + buyers));
    const until = Date.now() + seconds * 1000;
    await Promise.all([
      ...Array.from({ length: browsers }, (_, i) => clientLoop(browse, tokens[i % tokens.length]!, until)),
      ...Array.from({ length: buyers }, (_, i) => clientLoop(checkOut, tokens[i % tokens.length]!, until)),
    ]);

    const memory = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('SOAK_MEMORY '))
      .map((line) => JSON.parse(line.slice('SOAK_MEMORY '.length)) as { rss: number; heapUsed: number; heapTotal: number });
    const kinds = [...new Set(samples.map((s) => s.kind))].sort();
    console.log(
      `\n${'kind'.padEnd(18)} ${'count'.padStart(7)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const kind of kinds) {
      const of = samples.filter((s) => s.kind === kind);
      const ms = of.map((s) => s.ms);
      console.log(
        `${kind.padEnd(18)} ${String(of.length).padStart(7)} ${String(of.filter((s) => !s.ok).length).padStart(6)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${percentile(ms, 95).toFixed(1).padStart(8)} ${Math.max(
          ...ms,
        )
          .toFixed(1)
          .padStart(8)}`,
      );
    }
    const completed = samples.filter((s) => s.kind === 'checkout-complete' && s.ok).length;
    console.log(`\nrequests: ${samples.length}, errors: ${errors.length}, orders placed: ${completed}`);
    if (memory.length > 0) {
      const last = memory[memory.length - 1]!;
      console.log(
        `server memory: RSS peak ${mib(Math.max(...memory.map((m) => m.rss)))}, at the end ${mib(last.rss)}; ` +
          `heap used peak ${mib(Math.max(...memory.map((m) => m.heapUsed)))}, at the end ${mib(last.heapUsed)} of ${mib(last.heapTotal)}`,
      );
    }
    for (const error of errors.slice(0, 10)) console.log(`  error: ${error}`);
    return errors.length === 0;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

/** A vitest file of the standing tests, with the soak's counts, on PostgreSQL. */
function vitestRun(file: string, env: Record<string, string>): boolean {
  console.log(
    `\n${file} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')})`,
  );
  const result = spawnSync('npx', ['vitest', 'run', file], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: adminUrl, ...env },
  });
  return result.status === 0;
}

let ok = true;
if (!values['skip-load']) ok = (await loadRun()) && ok;
if (!values['skip-property'])
  ok = vitestRun('apps/server/src/security/property-inputs.api.test.ts', { PROPERTY_RUNS: values['property-runs'] }) && ok;
if (!values['skip-crash'])
  ok = vitestRun('apps/server/src/security/checkout-crash.test.ts', { CRASH_CYCLES: values['crash-cycles'] }) && ok;
console.log(`\nsoak: ${ok ? 'passed' : 'FAILED'}`);
process.exit(ok ? 0 : 1);
