/**
 * `npm run bench -- catalog-index [--db=<url> | --synthetic=200000]`: the in-process catalog
 * search index alone (decision 023), single queries one at a time in this process, every query new:
 * the time of matching, facet counts and the page's order, without HTTP, pricing or other clients.
 * Reported as CPU time of this process (process.cpuUsage) beside wall time, since the machine may be
 * shared: CPU time is what the search itself costs. With `--db` the index is built from a catalog of
 * that database (its tsqueries parsed by PostgreSQL, as the server does); `--synthetic=N` makes N
 * products with 40-word documents from a 3,000-word vocabulary, for when no M set is at hand.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { catalogSearchIndexBench } from '../modules/catalog/index.js';
import { benchTarget, describeTarget, openStatementCapture } from './bench-support.js';
import { dashlessSku, pick, seededRandom, skuPrefix, typoOf, WordIndex, wordsOfLabel, type Random } from './catalog-queries.js';

const { CatalogSearchIndex, keywordPlan, parseTsQuery } = catalogSearchIndexBench;
type Index = ReturnType<typeof CatalogSearchIndex.of>;
type Row = Parameters<typeof CatalogSearchIndex.of>[0][number];

const WAREHOUSES = [
  { code: 'W1', regionStates: ['CO'], servesCatalog: true },
  { code: 'W2', regionStates: ['CA'], servesCatalog: true },
];

/** N products whose labels and documents draw on a fixed vocabulary, a few common words in most. */
function syntheticRows(n: number, random: Random): Row[] {
  const vocabulary = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${'abc'.slice(0, i % 3)}`);
  const common = ['lift', 'post', 'two', 'four', 'heavi', 'duti', 'tire', 'changer'];
  return Array.from({ length: n }, (_, i) => {
    const sku = `AB${(i % 97).toString(36).toUpperCase()}-${String(i).padStart(6, '0')}`;
    const words = Array.from({ length: 40 }, (_, k) => (k < 6 && random() < 0.6 ? pick(random, common) : pick(random, vocabulary)));
    const places = new Map<string, string[]>();
    [sku.toLowerCase(), ...words].forEach((word, j) =>
      places.set(word, [...(places.get(word) ?? []), `${j + 1}${j < 8 ? 'A' : j < 10 ? 'B' : ''}`]),
    );
    const document = [...places.keys()]
      .sort()
      .map((word) => `'${word}':${places.get(word)!.join(',')}`)
      .join(' ');
    return {
      sku,
      sku_key: sku.toLowerCase(),
      sku_compact: dashlessSku(sku),
      label_key: words.slice(0, 6).join(' '),
      brand: `Brand ${i % 40}`,
      category: `Category ${i % 8}`,
      popularity: i % 50,
      stocked_warehouses: i % 3 ? ['W1'] : ['W2'],
      document,
      price_cents: 1000 + (i % 10000),
      msrp_cents: 2000 + (i % 10000),
    };
  });
}

/** The tsquery of keywords: PostgreSQL's own reading when there is a database, else lower-cased words as prefixes. */
type Parse = (tsQuery: string) => Promise<string>;

async function timed(index: Index, parse: Parse, keywords: string, region: number) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const plan = keywordPlan(keywords);
  const parsed = plan?.tsQuery ? parseTsQuery(await parse(plan.tsQuery)) : undefined;
  const query = parsed === null ? undefined : parsed;
  const filter = { keywords, brands: [], categories: [], inRegionOnly: false };
  const matches = index.match(plan, query);
  index.facetRows(matches, filter, region);
  index.page(matches, plan, query, { filter, region, sort: plan ? 'relevance' : 'featured', price: 'catalog' }, { limit: 20, offset: 0 });
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { db: { type: 'string' }, synthetic: { type: 'string' }, catalog: { type: 'string' }, queries: { type: 'string' } },
  });
  const random = seededRandom(7);
  const perKind = Number(values.queries ?? 40);
  const memoryBefore = process.memoryUsage().rss;
  let index: Index;
  /** Every product's label_key: the words the searches are drawn from (the index keeps no label keys). */
  let labels: string[];
  let parse: Parse = async (text) => text;
  let close = async () => {};
  const started = performance.now();
  if (values.synthetic || !values.db) {
    const n = Number(values.synthetic ?? 200_000);
    const rows = syntheticRows(n, random);
    index = CatalogSearchIndex.of(rows, WAREHOUSES);
    labels = rows.map((row) => row.label_key);
    console.log(`catalog index bench, synthetic catalog of ${n.toLocaleString('en-US')} products`);
  } else {
    const target = benchTarget(values.db);
    const capture = await openStatementCapture(target);
    close = capture.close;
    parse = async (text) => ((await capture.db.execute(sql`SELECT to_tsquery('english', ${text})::text AS q`)).rows[0] as { q: string }).q;
    const catalog = values.catalog ?? 'lifts';
    const built = await catalogSearchIndexBench.buildSearchIndexNow(capture.db, catalog);
    if (!built) throw new Error('the index was not built');
    index = built;
    const labelRows = await capture.db.execute(sql`SELECT label_key FROM catalog_search WHERE catalog_id = ${catalog}`);
    labels = (labelRows.rows as { label_key: string }[]).map((row) => row.label_key);
    console.log(`catalog index bench on ${describeTarget(target)}, catalog ${catalog}: ${index.size.toLocaleString('en-US')} products`);
  }
  global.gc?.();
  console.log(
    `built in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${Math.round(memoryBefore / 2 ** 20)} MB before, ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB after; typed arrays and strings ~${Math.round(index.approximateBytes / 2 ** 20)} MB`,
  );
  const known = new WordIndex(labels.flatMap((label) => label.split(/\s+/)));
  const typoWords = [...new Set(labels.flatMap((label) => label.split(/\s+/)).filter((word) => /^[a-z]{6,}$/.test(word)))];
  const skus = index.skus.toArray();
  const kinds: [string, () => string | undefined][] = [
    ['two or three words', () => wordsOfLabel(pick(random, labels), random)],
    ['one broad word', () => pick(random, ['lift', 'lif', 'post', 'tire', 'air', 'compressor', 'li', 'two'])],
    ['a word with one typo', () => (typoWords.length ? typoOf(pick(random, typoWords), known, random) : undefined)],
    [
      'SKU or prefix, with or without dashes',
      () => skuPrefix(pick(random, skus), random() < 0.5, random) ?? dashlessSku(pick(random, skus)),
    ],
    ['browse (featured, facets)', () => ''],
  ];
  const region = index.regionBits('CO');
  console.log(`\n${'query'.padEnd(40)} | wall p50 | wall p95 | CPU p50 | CPU p95 (ms, ${perKind} new queries each, one at a time)`);
  for (const [name, draw] of kinds) {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < perKind; i++) {
      const keywords = draw();
      if (keywords === undefined) continue;
      const { wall, cpu } = await timed(index, parse, keywords, region);
      walls.push(wall);
      cpus.push(cpu);
    }
    const f = (n: number) => n.toFixed(1).padStart(8);
    console.log(
      `${name.padEnd(40)} |${f(percentile(walls, 50))} |${f(percentile(walls, 95))} |${f(percentile(cpus, 50))} |${f(percentile(cpus, 95))}`,
    );
  }
  await close();
}
