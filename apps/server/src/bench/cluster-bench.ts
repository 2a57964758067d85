/**
 * `npm run bench -- cluster [--db=postgres://...] [--connections=50]`: issue 32's throughput row:
 * product detail, a two-word search and a 50-SKU cart refresh at 50 clients, served by one process
 * (WEB_CONCURRENCY=1) and then by two workers (WEB_CONCURRENCY=2), in the same run; reports req/s
 * and p95 of each and the ratio of the two throughputs (budget: at least 1.5, p95 at most 50 ms).
 * PostgreSQL only (the embedded database runs one process; decision 017). The database should hold
 * the M data set (npm run seed -- --size=M); the demo data works for a quick look.
 */
import pg from 'pg';
import { CATALOG_SCREEN_PAGE_SIZE } from '@portal/domain/rules';
import {
  describeTarget,
  measureHttp,
  parseBenchArgs,
  withDefaultConnections,
  signIn,
  startServer,
  type BenchSettings,
  type HttpRequestSpec,
  type LoadResult,
} from './bench-support.js';

const USER = 'admin@summitlift.example.com';
const BRANCH = 101;
const CATALOG = 'lifts';
const STATES = ['CO', 'CA', 'TX', 'NY', 'GA', 'WA', 'IL', 'FL'];
const TWO_WORDS = [
  'two post',
  'scissor lift',
  'tire changer',
  'wheel balancer',
  'air compressor',
  'four post',
  'alignment system',
  'lift pad',
];
const BATCH_SIZE = 50;
const P95_BUDGET_MS = 50;
const THROUGHPUT_BUDGET = 1.5;

type Operation = { name: string; request: (i: number, skus: string[]) => HttpRequestSpec };

const stateOf = (i: number) => STATES[i % STATES.length]!;

const OPERATIONS: Operation[] = [
  {
    name: 'product detail',
    request: (i, skus) => ({
      method: 'GET',
      path: `/api/catalog/product/${encodeURIComponent(skus[i % skus.length]!)}?shipToState=${stateOf(i)}&branchNumber=${BRANCH}&catalog=${CATALOG}`,
    }),
  },
  {
    name: 'search, two words',
    request: (i) => ({
      method: 'POST',
      path: '/api/catalog/search',
      body: {
        keywords: TWO_WORDS[i % TWO_WORDS.length]!,
        catalog: CATALOG,
        shipToState: stateOf(i),
        branchNumber: BRANCH,
        page: 1 + (i % 3),
        pageSize: CATALOG_SCREEN_PAGE_SIZE,
      },
    }),
  },
  {
    name: 'cart refresh, 50 SKUs',
    request: (i, skus) => ({
      method: 'POST',
      path: '/api/catalog/products',
      body: {
        skuList: Array.from({ length: BATCH_SIZE }, (_, k) => skus[(i * BATCH_SIZE + k) % skus.length]!),
        shipToState: stateOf(i),
        branchNumber: BRANCH,
        catalog: CATALOG,
      },
    }),
  },
];

async function sampleSkus(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ sku: string }>(
      'SELECT sku FROM catalog_products WHERE catalog_id = $1 ORDER BY md5(sku) LIMIT 3200',
      [CATALOG],
    );
    return rows.rows.map((row) => row.sku);
  } finally {
    await client.end();
  }
}

/** Every operation under load against a server of `workers` processes. */
async function measureWith(workers: number, settings: BenchSettings, skus: string[]): Promise<LoadResult[]> {
  process.env.WEB_CONCURRENCY = String(workers);
  const server = await startServer(settings);
  try {
    const session = await signIn(server.baseUrl, USER);
    const results: LoadResult[] = [];
    for (const operation of OPERATIONS) {
      console.log(`  endpoint: ${operation.name}, WEB_CONCURRENCY=${workers}...`);
      results.push(await measureHttp(server.baseUrl, session, (i) => operation.request(i, skus), settings));
    }
    return results;
  } finally {
    await server.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const settings = parseBenchArgs(withDefaultConnections(args, 50));
  if (settings.target.kind !== 'postgres') throw new Error('The cluster bench needs PostgreSQL (--db=postgres://... or DATABASE_URL).');
  const skus = await sampleSkus(settings.target.url);
  if (skus.length === 0) throw new Error(`No products in catalog '${CATALOG}': seed the database first.`);
  const one = await measureWith(1, settings, skus);
  const two = await measureWith(2, settings, skus);
  console.log(
    `\nWEB_CONCURRENCY=1 against 2 on ${describeTarget(settings.target)}, ${settings.connections} clients, ` +
      `${settings.rounds} rounds of ${settings.roundSeconds} s (median round)`,
  );
  console.log('operation                 | 1 process req/s  p95 ms | 2 workers req/s  p95 ms | throughput x | budget');
  OPERATIONS.forEach((operation, index) => {
    const a = one[index]!;
    const b = two[index]!;
    const ratio = b.throughput / a.throughput;
    const met = ratio >= THROUGHPUT_BUDGET && b.p95 <= P95_BUDGET_MS ? 'met' : 'MISSED';
    const errors = a.errors + b.errors > 0 ? ` (${a.errors}/${b.errors} errors)` : '';
    console.log(
      `${operation.name.padEnd(25)} | ${a.throughput.toFixed(0).padStart(15)} ${a.p95.toFixed(1).padStart(7)} | ` +
        `${b.throughput.toFixed(0).padStart(15)} ${b.p95.toFixed(1).padStart(7)} | ${ratio.toFixed(2).padStart(12)} | ${met}${errors}`,
    );
  });
  console.log(`budget: 2 workers at least ${THROUGHPUT_BUDGET}x the throughput of one process, p95 at most ${P95_BUDGET_MS} ms`);
}
