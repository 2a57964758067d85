/**
 * `npm run bench -- orders [options]`: the order-history read paths of performance.md on the M data
 * set (`npm run seed -- --size=M` first): Open Orders, Recent Orders (each window, 1, 3 and 7 days,
 * on its own row, every type of update), and the order search with indexed criteria and with the
 * worst combination (substring criteria over two years, counted), each beside the same SQL run
 * directly (its ceiling). One more row asks for Open Orders as a browser does, brotli or gzip
 * accepted, to show what compressing ~400 KB costs. The equipment list (issue 37) has its row here too:
 * it is an order-history screen, branch-scoped like the lists. Reports medians of several rounds; see
 * bench-support.ts for the method.
 *
 * Open and Recent Orders answer a branch whose orders did not change from memory (one revision
 * lookup, orders/list-cache.ts); the load repeats the same branches, so the endpoint rows measure
 * that path, and their SQL ceiling is the list statement a changed branch is built from again.
 */
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { orderSearchRequestSchema, type OrderSearchRequest } from '@portal/domain';
import type { Database } from '../db/client.js';
import type { Principal } from '../http/principal.js';
import { listEquipment } from '../modules/equipment/index.js';
import { openOrders, recentOrders, searchOrderHistory } from '../modules/orders/index.js';
import {
  cycle,
  describeTarget,
  measureCeilings,
  measureHttp,
  openStatementCapture,
  parseBenchArgs,
  printComparison,
  signIn,
  startServer,
  type BenchOperation,
  type BenchSettings,
  type LoadResult,
  withDefaultConnections,
} from './bench-support.js';

/** Organization 1's administrator: every branch of the organization, no limitOrderHistory. */
const USER = 'admin@summitlift.example.com';
const BRANCHES = [101, 102, 103];
/** Requests (and statement groups) per operation; the load cycles through them. */
const SAMPLES = 48;
const TIME_ZONES = ['America/Denver', 'America/Los_Angeles', 'America/New_York', 'America/Chicago'];

type Samples = {
  po: string[];
  email: string[];
  phone: string[];
  postalCode: string[];
  /** Pages of 25 units in each of BRANCHES. */
  equipmentPages: number[];
  /** Parts of serial numbers and models of the branches' units, as a dealer types them. */
  equipmentKeywords: string[];
};

const branchOf = (i: number) => BRANCHES[i % BRANCHES.length]!;

/** One window size; the type of update, page (today or the window before), zone and branch vary independently. */
const recentBody = (timeFrame: 1 | 3 | 7, i: number) => ({
  timeFrame,
  updateType: (['shipped', 'entered', 'any', 'cancelled'] as const)[i % 4]!,
  page: 1 + (Math.floor(i / 4) % 2),
  timeZone: TIME_ZONES[Math.floor(i / 8) % TIME_ZONES.length]!,
  branchNumber: branchOf(i),
});

/** Criteria an index answers: a PO prefix, an email, a phone, a zip prefix (each from real orders). */
const indexedSearch = (i: number, s: Samples): OrderSearchRequest => {
  const kind = i % 4;
  const base = { branchNumber: branchOf(i), timeFrame: '2years' as const, pageSize: 25 as const };
  if (kind === 0) return { ...base, orderReference: cycle(s.po)(i) };
  if (kind === 1) return { ...base, email: cycle(s.email)(i) };
  if (kind === 2) return { ...base, phone: cycle(s.phone)(i) };
  return { ...base, postalCode: cycle(s.postalCode)(i).slice(0, 4) };
};

/** The worst combinations: short substrings and broad groups over two years, with the total counted. */
const WORST: Omit<OrderSearchRequest, 'branchNumber'>[] = [
  { name: 'auto', timeFrame: '2years', pageSize: 100 },
  { address: 'st', status: 'invoiced', timeFrame: '2years', pageSize: 50 },
  { city: 'an', timeFrame: '2years', pageSize: 100, page: 3 },
  { status: 'pending', timeFrame: '2years', pageSize: 100 },
  { name: 'e', address: '1', city: 'o', timeFrame: '2years', pageSize: 100 },
];
const worstSearch = (i: number): OrderSearchRequest => ({ ...WORST[i % WORST.length]!, branchNumber: branchOf(i) });

/**
 * Issue 37: a page of a branch's equipment, every call new: the branch, the page (anywhere in the
 * branch's units), the 'Inspection due' and 'Under warranty' filters and keywords (a part of a
 * serial number or a model) drawn from the call's number, so calls seldom repeat in a run.
 */
const mix = (i: number) => {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
const equipmentQuery = (i: number, s: Samples) => {
  const h = mix(i);
  const branch = h % BRANCHES.length;
  const kind = (h >>> 4) % 10;
  const early = 1 + ((h >>> 8) % 3);
  // A database seeded before issue 37 has no units, hence no keywords: the row then pages an empty list.
  const keyword = kind >= 8 && s.equipmentKeywords.length > 0 ? cycle(s.equipmentKeywords)(h >>> 8) : undefined;
  return {
    branchNumber: BRANCHES[branch]!,
    page: kind <= 4 ? 1 + ((h >>> 8) % Math.max(1, s.equipmentPages[branch]!)) : early,
    pageSize: 25 as const,
    inspectionDue: kind === 5 || kind === 6,
    underWarranty: kind === 7,
    ...(keyword ? { keyword } : {}),
  };
};
const equipmentPath = (i: number, s: Samples) => {
  const q = equipmentQuery(i, s);
  const filters = `${q.inspectionDue ? '&inspectionDue=true' : ''}${q.underWarranty ? '&underWarranty=true' : ''}`;
  return `/api/equipment?branchNumber=${q.branchNumber}&page=${q.page}&pageSize=25${filters}${q.keyword ? `&keyword=${encodeURIComponent(q.keyword)}` : ''}`;
};

const search = (db: Database, principal: Principal, body: OrderSearchRequest) =>
  searchOrderHistory(db, principal, orderSearchRequestSchema.parse(body));

/**
 * `acceptEncoding`: the request says so (the answer is then compressed); otherwise none is sent.
 * `branchesChanging`: while the load runs, the branches' orders change all the time (PostgreSQL only).
 */
type OrdersOperation = BenchOperation<Samples> & { acceptEncoding?: string; branchesChanging?: true };

/** One Open Orders call over HTTP and through the service, the branch cycling. */
const openOrdersCall: Pick<OrdersOperation, 'request' | 'run'> = {
  request: (i) => ({ method: 'POST', path: '/api/orders/open', body: { branchNumber: branchOf(i) } }),
  run: (db, principal, i) => openOrders(db, principal, { branchNumber: branchOf(i) }),
};

const recentOperation = (timeFrame: 1 | 3 | 7): OrdersOperation => ({
  name: `recent orders, ${timeFrame} day${timeFrame === 1 ? '' : 's'} (all types)`,
  target: { p95Ms: 15, efficiency: 0.5 },
  request: (i) => ({ method: 'POST', path: '/api/orders/recent', body: recentBody(timeFrame, i) }),
  run: (db, principal, i) => recentOrders(db, principal, recentBody(timeFrame, i)),
});

const OPERATIONS: OrdersOperation[] = [
  { name: 'open orders', target: { p95Ms: 25, efficiency: 0.5 }, ...openOrdersCall },
  { name: 'open orders, br/gzip accepted', target: { p95Ms: 25, efficiency: 0.5 }, acceptEncoding: 'gzip, deflate, br', ...openOrdersCall },
  // For comparison, no target: what Open Orders costs when it is built on every call.
  { name: 'open orders, branches changing', branchesChanging: true, ...openOrdersCall },
  recentOperation(1),
  recentOperation(3),
  recentOperation(7),
  {
    name: 'search, indexed criteria',
    target: { p95Ms: 50, efficiency: 0.5 },
    request: (i, s) => ({ method: 'POST', path: '/api/orders/search', body: indexedSearch(i, s) }),
    run: (db, principal, i, s) => search(db, principal, indexedSearch(i, s)),
  },
  {
    name: 'equipment list (page of 25, counted)',
    target: { p95Ms: 25, efficiency: 0.5 },
    request: (i, s) => ({ method: 'GET', path: equipmentPath(i, s) }),
    run: (db, principal, i, s) => listEquipment(db, principal, equipmentQuery(i, s)),
  },
  {
    name: 'search, worst combination',
    target: { p95Ms: 250, efficiency: 0 },
    request: (i) => ({ method: 'POST', path: '/api/orders/search', body: worstSearch(i) }),
    run: (db, principal, i) => search(db, principal, worstSearch(i)),
  },
];

/**
 * Changes an open order of each benchmarked branch every ~2 ms (an UPDATE that rewrites the row as
 * it is, so each branch gets a new order list revision, 0012_order_list_revisions.sql) until
 * stopped; answers how many times it did. The Open Orders load then finds its branch changed nearly
 * every call and builds the list from the database, as a server whose orders never rest would.
 */
async function keepBranchesChanging(url: string): Promise<{ stop(): Promise<number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: number }>(
    `SELECT DISTINCT ON (b.branch_number) o.id FROM orders o JOIN branches b ON b.id = o.branch_id
      WHERE o.organization_id = 1 AND b.branch_number = ANY($1) AND o.status_code < 60 AND o.status_code <> -10
      ORDER BY b.branch_number, o.id`,
    [BRANCHES],
  );
  const ids = rows.map((row) => row.id);
  let running = true;
  let changes = 0;
  const loop = (async () => {
    while (running) {
      await client.query('UPDATE orders SET updated_at = updated_at WHERE id = ANY($1)', [ids]);
      changes++;
      await sleep(2);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return changes;
    },
  };
}

/** One request with the body as it came over the wire (fetch would decompress it). */
function rawRequest(url: string, method: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Real values of organization 1's orders to search for, the same on every run. */
async function sampleValues(settings: BenchSettings): Promise<{ samples: Samples; orders: number }> {
  const capture = await openStatementCapture(settings.target);
  try {
    // Index-only scans need a current visibility map; autovacuum keeps one on a live database, but a
    // freshly seeded or copied one may not have been vacuumed yet.
    const map = await capture.db.execute(sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'orders'`);
    const { relpages, relallvisible } = map.rows[0] as { relpages: number; relallvisible: number };
    if (Number(relallvisible) < Number(relpages) / 2) {
      console.log('orders: visibility map behind (never vacuumed); running VACUUM (ANALYZE) orders as autovacuum would...');
      await capture.db.execute(sql`VACUUM (ANALYZE) orders`);
    }
    const count = await capture.db.execute(sql`SELECT count(*)::int AS n FROM orders`);
    const rows = await capture.db.execute(sql`
      SELECT o.purchase_order_number AS po, o.ship_to_email AS email, o.ship_to_phone AS phone, o.ship_to_postal_code AS zip
      FROM orders o JOIN branches b ON b.id = o.branch_id
      WHERE o.organization_id = 1 AND b.branch_number IN (101, 102, 103) AND o.purchase_order_number <> ''
      ORDER BY md5(o.document_number::text) LIMIT ${SAMPLES}`);
    const list = rows.rows as { po: string; email: string; phone: string; zip: string }[];
    if (list.length === 0) throw new Error('organization 1 has no orders: seed the database first');
    const units = await capture.db.execute(sql`
      SELECT b.branch_number, count(*)::int AS n FROM equipment e JOIN branches b ON b.id = e.branch_id
      WHERE e.organization_id = 1 AND b.branch_number IN (101, 102, 103) GROUP BY b.branch_number`);
    const unitsOf = new Map((units.rows as { branch_number: number; n: number }[]).map((r) => [Number(r.branch_number), r.n]));
    const keywords = await capture.db.execute(sql`
      SELECT substr(e.serial_number, 1, 6 + (e.id % 4)) AS serial, p.model FROM equipment e JOIN products p ON p.sku = e.sku
      WHERE e.organization_id = 1 ORDER BY md5(e.id::text) LIMIT ${SAMPLES}`);
    const keywordRows = keywords.rows as { serial: string; model: string }[];
    return {
      samples: {
        po: list.map((r) => r.po),
        email: list.map((r) => r.email),
        phone: list.map((r) => r.phone),
        postalCode: list.map((r) => r.zip),
        equipmentPages: BRANCHES.map((b) => Math.ceil((unitsOf.get(b) ?? 0) / 25)),
        equipmentKeywords: keywordRows.flatMap((r, k) => (k % 2 ? [r.model] : [r.serial])).filter(Boolean),
      },
      orders: Number((count.rows[0] as { n: number }).n),
    };
  } finally {
    await capture.close();
  }
}

/** performance.md measures its targets at 4 concurrent clients; `--connections=10` loads the machine harder. */
const CLIENTS = 4;

export async function run(args: string[]): Promise<void> {
  const settings = parseBenchArgs(withDefaultConnections(args, CLIENTS));
  console.log(
    `orders bench on ${describeTarget(settings.target)}: ${settings.connections} connections, warm-up ${settings.warmupSeconds} s, ${settings.rounds} rounds of ${settings.roundSeconds} s (median round)`,
  );
  const { samples, orders } = await sampleValues(settings);
  console.log(`orders: ${orders.toLocaleString('en-US')}${orders < 900_000 ? ' (not the M data set: run npm run seed -- --size=M)' : ''}`);

  // 1. The endpoints, on a server in its own process.
  // The embedded database has one writer, the server: no one else can change its orders meanwhile.
  const operations = OPERATIONS.filter((op) => !op.branchesChanging || settings.target.kind === 'postgres');
  let branchChangesPerSecond = 0;
  const server = await startServer(settings);
  const endpoint = new Map<string, LoadResult>();
  const answerSizes = new Map<string, number>();
  let token: string;
  let rssAfterLoad: number | undefined;
  try {
    const session = await signIn(server.baseUrl, USER);
    token = session.token;
    for (const op of operations) {
      const opSession = op.acceptEncoding ? { ...session, headers: { ...session.headers, 'accept-encoding': op.acceptEncoding } } : session;
      // The size of a typical answer as sent, so the report says how much each request carries.
      const probe = op.request(0, samples);
      const response = await rawRequest(`${server.baseUrl}${probe.path}`, probe.method, opSession.headers, JSON.stringify(probe.body));
      if (response.status !== 200) throw new Error(`${op.name}: ${response.status} ${response.body.toString()}`);
      answerSizes.set(op.name, response.body.length);
      process.stdout.write(`  endpoint: ${op.name}...`);
      const changing =
        op.branchesChanging && settings.target.kind === 'postgres' ? await keepBranchesChanging(settings.target.url) : undefined;
      const started = Date.now();
      endpoint.set(op.name, await measureHttp(server.baseUrl, opSession, (i) => op.request(i % SAMPLES, samples), settings));
      if (changing) branchChangesPerSecond = (await changing.stop()) / ((Date.now() - started) / 1000);
      console.log(' done');
    }
    rssAfterLoad = server.rssMb();
  } finally {
    await server.stop();
  }

  // 2. The same statements, captured from the same code path, replayed directly.
  const { rows, statementsPerRequest } = await measureCeilings(settings, token, operations, samples, SAMPLES, endpoint);

  printComparison(
    `Order history read paths (${describeTarget(settings.target)}; ceiling = the same statements, run directly (the caller's session cached, as on a warm server); for Open and Recent Orders, the list statement a changed branch is built from, while the endpoint answers an unchanged branch from memory after one revision lookup)`,
    rows,
  );
  const worst = rows.find((r) => r.operation === 'search, worst combination');
  if (worst) console.log(`worst combination target: p95 < 250 ms ${worst.endpoint.p95 < 250 ? 'ok' : 'MISSED'}`);
  console.log(`statements per request: ${statementsPerRequest}`);
  if (branchChangesPerSecond > 0)
    console.log(`open orders, branches changing: each benchmarked branch changed ${Math.round(branchChangesPerSecond)} times a second`);
  console.log(
    `answer size on the wire (first request): ${operations.map((op) => `${op.name}: ${((answerSizes.get(op.name) ?? 0) / 1024).toFixed(1)} KB`).join(', ')}`,
  );
  if (rssAfterLoad !== undefined) console.log(`server RSS after the load rounds: ${rssAfterLoad} MB`);
}
