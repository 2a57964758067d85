import { CatalogSearchIndex, type IndexRow } from '../src/modules/catalog/search-index.js';
import { keywordPlan } from '../src/modules/catalog/keywords.js';
import { parseTsQuery, type TsNode } from '../src/modules/catalog/tsquery.js';
let s = 1;
const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
const vocab = Array.from({ length: 3000 }, (_, i) => 'w' + i.toString(36) + 'abc'.slice(0, i % 3));
const common = ['lift', 'post', 'two', 'four', 'heavi', 'duti', 'tire', 'changer'];
const N = Number(process.argv[2] ?? 200000);
const rows: IndexRow[] = [];
for (let i = 0; i < N; i++) {
  const sku = `AB${(i % 97).toString(36).toUpperCase()}-${String(i).padStart(6, '0')}`;
  const words: string[] = [];
  for (let k = 0; k < 40; k++) words.push(k < 6 && rnd() < 0.6 ? common[Math.floor(rnd() * common.length)]! : vocab[Math.floor(rnd() * vocab.length)]!);
  const pos = new Map<string, string[]>();
  const all = [sku.toLowerCase(), ...words];
  all.forEach((w, j) => { const l = pos.get(w) ?? []; l.push(`${j + 1}${j < 8 ? 'A' : j < 10 ? 'B' : ''}`); pos.set(w, l); });
  const doc = [...pos.keys()].sort().map((w) => `'${w}':${pos.get(w)!.join(',')}`).join(' ');
  rows.push({ sku, sku_key: sku.toLowerCase(), sku_compact: sku.toLowerCase().replace(/[^a-z0-9]/g, ''), label_key: words.slice(0, 6).join(' '), brand: 'B' + (i % 40), category: 'C' + (i % 8), popularity: i % 50, stocked_warehouses: i % 3 ? ['W1'] : ['W2'], document: doc, price_cents: i % 10000, msrp_cents: 1 });
}
const m0 = process.memoryUsage();
let t = performance.now();
const index = new CatalogSearchIndex(rows, [{ code: 'W1', regionStates: ['CO'], servesCatalog: true }, { code: 'W2', regionStates: ['CA'], servesCatalog: true }]);
console.log('build ms', Math.round(performance.now() - t), 'approx MB', Math.round(index.approximateBytes / 2 ** 20));
rows.length = 0;
global.gc?.();
const m1 = process.memoryUsage();
console.log('heap MB', Math.round(m1.heapUsed / 2 ** 20), 'ext/ab MB', Math.round(m1.arrayBuffers / 2 ** 20), 'rss', Math.round(m1.rss / 2 ** 20), 'before', Math.round(m0.rss / 2 ** 20));
const filter = { keywords: '', brands: [], categories: [], inRegionOnly: false };
function time(label: string, kw: string, tsq: string, sort: any = 'relevance', f = filter) {
  const times: number[] = [];
  let total = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const plan = keywordPlan(kw);
    const q = parseTsQuery(tsq) as TsNode;
    const matches = index.match(plan, q);
    const rowsF = index.facetRows(matches, { ...f, keywords: kw }, index.regionBits('CO'));
    index.page(matches, plan, q, { filter: { ...f, keywords: kw }, region: index.regionBits('CO'), sort, price: 'catalog' }, { limit: 20, offset: 0 });
    times.push(performance.now() - t0);
    total = rowsF.at(-1)!.count;
  }
  console.log(label.padEnd(30), 'matches', total, 'ms', times.map((x) => x.toFixed(1)).join(' '));
}
time('broad lift', 'lift', "'lift':*");
time('broad li', 'li', "'li':*");
time('broad lift price', 'lift', "'lift':*", 'price-asc');
time('broad lift featured', 'lift', "'lift':*", 'featured');
time('two words', 'two post', "'two':* & 'post':*");
time('three words', 'two post heavi', "'two':* & 'post':* & 'heavi':*");
time('rare two', 'w1a w2b', "'w1a':* & 'w2b':*");
time('sku prefix', 'ab1-0001', "'ab1':* <-> '-0001':*");
time('sku dashless', 'ab10001', "'ab10001':*");
time('typo or', 'scisor', "( 'w1aab':* | 'w1ab':* )");
time('browse', '', '', 'featured');
