/**
 * `npm run bench -- catalog [options]`: the catalog read paths of performance.md on the M data set
 * (`npm run seed -- --size=M` first): product detail, two-word and broad searches, the 50-SKU cart
 * refresh, each beside the same SQL run directly (its ceiling); then the CSV export's first byte,
 * duration and server memory. Reports medians of several rounds; see bench-support.ts.
 */
import { sql } from 'drizzle-orm';
import { CATALOG_SCREEN_PAGE_SIZE, type StateCode } from '@portal/domain';
import { findProduct, findProductsBySkus, searchCatalog } from '../modules/catalog/service.js';
import { searchCacheOf } from '../modules/catalog/search-cache.js';
import { pricedTextCacheOf } from '../modules/catalog/priced-cache.js';
import type { Database } from '../db/client.js';
import type { Principal } from '../modules/auth/principal.js';
import {
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
  type BenchServer,
  type HttpRequestSpec,
  type LoadResult,
} from './bench-support.js';

const USER = 'admin@summitlift.example.com';
const BRANCH = 101;
const CATALOG = 'lifts';
const STATES: StateCode[] = ['CO', 'CA', 'TX', 'NY', 'GA', 'WA', 'IL', 'FL'];
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
const BROAD_WORDS = ['lift', 'apex', 'balancer', 'compressor'];
/** Parts of generated SKUs (prefix and number fragments), as a counter clerk types them. */
const PARTIAL_SKUS = ['IRP2P-03', '2P-1', 'RMSWB-07', 'AX-0339', 'BPRWB', 'WB-078', 'PBYAX-13', 'TTAAX-02'];
/** Statement groups per operation for the SQL ceiling (the load itself cycles through its whole sample). */
const SAMPLES = 64;
const BATCH_SIZE = 50;

const stateOf = (i: number) => STATES[i % STATES.length]!;
const skuWindow = (skus: string[], i: number, size: number) => Array.from({ length: size }, (_, k) => skus[(i * size + k) % skus.length]!);

const searchBody = (keywords: string, i: number) => ({
  keywords,
  brand: [] as string[],
  category: [] as string[],
  catalog: CATALOG,
  shipToState: stateOf(i),
  branchNumber: BRANCH,
  page: 1 + (i % 3),
  pageSize: CATALOG_SCREEN_PAGE_SIZE,
});

/**
 * A search through the service for the SQL ceiling, as a first search of its words: the ranked
 * results cache (decision 008) is emptied first, so the ceiling replays the ranking statement too.
 * The endpoint meets the cache like real traffic does.
 */
const firstSearch = (db: Database, principal: Principal, body: ReturnType<typeof searchBody>) => {
  searchCacheOf(db).clear();
  return searchCatalog(db, principal, body);
};

/**
 * A product lookup through the service for the SQL ceiling, as the first call after a change of
 * prices or stock: the priced products kept per process (catalog/priced-cache.ts) are emptied first,
 * so the ceiling replays the priced statement a changed catalog is answered from. (Primed: the
 * products' texts are held, as the endpoint's are.) The endpoint meets the cache like real traffic.
 */
function firstPricing<T>(db: Database, lookup: () => Promise<T>): Promise<T> {
  pricedTextCacheOf(db).clear();
  return lookup();
}

/**
 * The SKUs a run asks for: `skus`, a fixed spread of 3,200 (64 carts of 50), all of whose texts the
 * server holds after the warm-up, as it holds those of the products dealers have found and put in
 * carts (catalog/product-text-cache.ts); and `unseen`, every other SKU of the catalog, for a refresh
 * of carts the server has never priced (more products than it keeps texts for).
 */
type SkuSamples = { skus: string[]; unseen: string[] };

const OPERATIONS: BenchOperation<SkuSamples>[] = [
  {
    name: 'product detail',
    target: { p95Ms: 5, efficiency: 0.5 },
    primed: true,
    request: (i, { skus }) => ({
      method: 'GET',
      path: `/api/catalog/product/${encodeURIComponent(skus[i % skus.length]!)}?shipToState=${stateOf(i)}&branchNumber=${BRANCH}&catalog=${CATALOG}`,
    }),
    run: (db, principal, i, { skus }) =>
      firstPricing(db, () =>
        findProduct(db, principal, { sku: skus[i % skus.length]!, catalog: CATALOG, branchNumber: BRANCH, shipToState: stateOf(i) }),
      ),
  },
  {
    name: 'browse, no keywords, page of 20',
    target: { p95Ms: 10, efficiency: 0.5 },
    request: (i) => ({ method: 'POST', path: '/api/catalog/search', body: searchBody('', i) }),
    run: (db, principal, i) => searchCatalog(db, principal, searchBody('', i)),
  },
  {
    name: 'search, two words, page of 20',
    target: { p95Ms: 20, efficiency: 0.5 },
    request: (i) => ({ method: 'POST', path: '/api/catalog/search', body: searchBody(TWO_WORDS[i % TWO_WORDS.length]!, i) }),
    run: (db, principal, i) => firstSearch(db, principal, searchBody(TWO_WORDS[i % TWO_WORDS.length]!, i)),
  },
  {
    name: 'search, broad single word',
    target: { p95Ms: 50, efficiency: 0.5 },
    request: (i) => ({ method: 'POST', path: '/api/catalog/search', body: searchBody(BROAD_WORDS[i % BROAD_WORDS.length]!, i) }),
    run: (db, principal, i) => firstSearch(db, principal, searchBody(BROAD_WORDS[i % BROAD_WORDS.length]!, i)),
  },
  {
    name: 'search, partial SKU',
    target: { p95Ms: 20, efficiency: 0.5 },
    request: (i) => ({ method: 'POST', path: '/api/catalog/search', body: searchBody(PARTIAL_SKUS[i % PARTIAL_SKUS.length]!, i) }),
    run: (db, principal, i) => firstSearch(db, principal, searchBody(PARTIAL_SKUS[i % PARTIAL_SKUS.length]!, i)),
  },
  {
    name: `batch refresh, ${BATCH_SIZE} SKUs`,
    target: { p95Ms: 10, efficiency: 0.5 },
    primed: true,
    request: (i, { skus }) => batchRequest(skus, i),
    run: (db, principal, i, { skus }) => firstPricing(db, () => batchLookup(db, principal, skus, i)),
  },
  {
    // For comparison only (no target): every product is priced, and its texts read and sent, by the database.
    name: `batch refresh, ${BATCH_SIZE} SKUs never priced`,
    request: (i, { unseen }) => batchRequest(unseen, i),
    run: (db, principal, i, { unseen }) => batchLookup(db, principal, unseen, i),
  },
];

function batchRequest(skus: string[], i: number): HttpRequestSpec {
  return {
    method: 'POST',
    path: '/api/catalog/products',
    body: { skuList: skuWindow(skus, i, BATCH_SIZE), shipToState: stateOf(i), branchNumber: BRANCH, catalog: CATALOG },
  };
}

function batchLookup(db: Database, principal: Principal, skus: string[], i: number) {
  return findProductsBySkus(db, principal, {
    skus: skuWindow(skus, i, BATCH_SIZE),
    catalog: CATALOG,
    branchNumber: BRANCH,
    shipToState: stateOf(i),
  });
}

async function sampleSkus(settings: BenchSettings): Promise<{ samples: SkuSamples; catalogSize: number }> {
  const capture = await openStatementCapture(settings.target);
  try {
    // A fixed pseudo-random order of the whole catalog, the same on every run; its start is the spread.
    const rows = await capture.db.execute(sql`SELECT sku FROM catalog_products WHERE catalog_id = ${CATALOG} ORDER BY md5(sku)`);
    const catalog = (rows.rows as { sku: string }[]).map((r) => r.sku);
    const spread = SAMPLES * BATCH_SIZE;
    return { samples: { skus: catalog.slice(0, spread), unseen: catalog.slice(spread) }, catalogSize: catalog.length };
  } finally {
    await capture.close();
  }
}

/** The export: time to the first byte and to the last, bytes, and the server's memory growth. */
async function measureExport(server: BenchServer, headers: Record<string, string>) {
  const before = server.rssMb();
  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb() ?? 0)), 100);
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/catalog/export?companyNumber=1&branchNumber=${BRANCH}&catalog=${CATALOG}`, {
    headers,
  });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let firstByte: number | undefined;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  return { firstByte: firstByte ?? total, total, bytes, rows: lines - 1, before, peak };
}

export async function run(args: string[]): Promise<void> {
  const settings = parseBenchArgs(args);
  console.log(
    `catalog bench on ${describeTarget(settings.target)}: ${settings.connections} connections, warm-up ${settings.warmupSeconds} s, ${settings.rounds} rounds of ${settings.roundSeconds} s (median round)`,
  );

  const { samples, catalogSize } = await sampleSkus(settings);
  console.log(
    `catalog ${CATALOG}: ${catalogSize.toLocaleString('en-US')} products${catalogSize < 150_000 ? ' (not the M data set: run npm run seed -- --size=M)' : ''}`,
  );

  // 1. The endpoints, on a server in its own process.
  const server = await startServer(settings);
  const endpoint = new Map<string, LoadResult>();
  let exportResult: Awaited<ReturnType<typeof measureExport>>;
  let token: string;
  let rssAfterLoad: number | undefined;
  try {
    const session = await signIn(server.baseUrl, USER);
    token = session.token;
    for (const op of OPERATIONS) {
      process.stdout.write(`  endpoint: ${op.name}...`);
      endpoint.set(op.name, await measureHttp(server.baseUrl, session, (i) => op.request(i, samples), settings));
      console.log(' done');
    }
    rssAfterLoad = server.rssMb();
    exportResult = await measureExport(server, session.headers);
  } finally {
    await server.stop();
  }

  // 2. The same statements, captured from the same code path, replayed directly.
  const { rows, statementsPerRequest } = await measureCeilings(settings, token, OPERATIONS, samples, SAMPLES, endpoint);

  printComparison(
    `Catalog read paths (${describeTarget(settings.target)}; ceiling = the same statements, run directly (the caller's session cached, as on a warm server); for searches, those of a first search of its words, ranking included)`,
    rows,
  );
  console.log(`statements per request: ${statementsPerRequest}`);
  console.log(
    `\nCSV export of ${exportResult.rows.toLocaleString('en-US')} rows (${(exportResult.bytes / 1e6).toFixed(1)} MB): first byte ${exportResult.firstByte.toFixed(0)} ms (target < 200), ` +
      `complete ${(exportResult.total / 1000).toFixed(1)} s; server RSS ${exportResult.before ?? '?'} MB before, peak ${exportResult.peak} MB ` +
      `(growth ${exportResult.before === undefined ? '?' : exportResult.peak - exportResult.before} MB, target < 100)`,
  );
  if (rssAfterLoad !== undefined) console.log(`server RSS after the load rounds: ${rssAfterLoad} MB`);
}
