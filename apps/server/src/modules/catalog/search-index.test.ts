/**
 * The in-process search index without a database (decision 023): tsquery texts as PostgreSQL writes
 * them, SKU prefixes with and without dashes, typo vocabulary from the lexicon, facets counted with
 * the other groups' filters, every sort, and stock and price updates. search-index.api.test.ts
 * compares the whole answers with the SQL search on a real database.
 */
import { describe, expect, it } from 'vitest';
import { keywordPlan } from './keywords.js';
import type { SearchFilter } from './repository.js';
import { CatalogSearchIndex, IndexRowsBuilder, type IndexRow, type PriceBasis } from './search-index.js';
import { parseTsQuery, sortedUniqueTerms, type TsNode } from './tsquery.js';
import { TopK } from './top-k.js';
import { parseCounts } from './search-index-repository.js';
import { Vocabulary } from './vocabulary.js';

const rowOf = (sku: string, label: string, brand: string, category: string, extra: Partial<IndexRow> = {}): IndexRow => {
  const words = `${sku.toLowerCase()} ${label.toLowerCase()}`.split(/\s+/);
  return {
    sku,
    sku_key: sku.toLowerCase(),
    sku_compact: sku.toLowerCase().replace(/[^a-z0-9]+/g, ''),
    label_key: label.toLowerCase(),
    brand,
    category,
    popularity: 0,
    stocked_warehouses: [],
    // Positions as to_tsvector numbers words; weight A for SKU and label.
    document: words.map((w, i) => `'${w}':${i + 1}A`).join(' '),
    price_cents: 1000,
    msrp_cents: 2000,
    ...extra,
  };
};

const row = rowOf;
const rows: IndexRow[] = [
  row('APX2P-10000', 'two post lift', 'Apex', 'Lifts', { popularity: 5, price_cents: 500, stocked_warehouses: ['W1'] }),
  row('APX2P-12000', 'two post lift heavy', 'Apex', 'Lifts', { popularity: 9, price_cents: 900, stocked_warehouses: ['W2'] }),
  row('BND-4P', 'four post lift', 'Bend', 'Lifts', { price_cents: 700 }),
  row('BND-TC1', 'tire changer', 'Bend', 'Changers', { popularity: 1, price_cents: 300, stocked_warehouses: ['W1', 'W2'] }),
  row('ZZ-1', 'scissor lift', 'Bend', '', { price_cents: 100 }),
];
const warehouses = [
  { code: 'W1', regionStates: ['CO'], servesCatalog: true },
  { code: 'W2', regionStates: ['CA'], servesCatalog: true },
];
const filter = (over: Partial<SearchFilter> = {}): SearchFilter => ({
  keywords: '',
  brands: [],
  categories: [],
  inRegionOnly: false,
  ...over,
});

function matchesOf(index: CatalogSearchIndex, keywords: string, tsQueryText: string | undefined) {
  const plan = keywordPlan(keywords);
  const query = tsQueryText === undefined ? undefined : (parseTsQuery(tsQueryText) as TsNode | 'empty');
  return { plan, query, matches: index.match(plan, query) };
}

const page = (
  index: CatalogSearchIndex,
  keywords: string,
  tsq: string | undefined,
  sort: Parameters<CatalogSearchIndex['page']>[3]['sort'],
  f = filter(),
  price: PriceBasis = 'catalog',
) => {
  const { plan, query, matches } = matchesOf(index, keywords, tsq);
  return index.page(matches, plan, query, { filter: f, region: index.regionBits('CO'), sort, price }, { limit: 10, offset: 0 });
};

describe('tsquery texts', () => {
  it('parses what to_tsquery writes, and refuses what the index does not evaluate', () => {
    expect(parseTsQuery("( 'scisor':* | 'scissor':* ) & 'lift':*")).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'term', lexeme: 'scisor', prefix: true },
            { kind: 'term', lexeme: 'scissor', prefix: true },
          ],
        },
        { kind: 'term', lexeme: 'lift', prefix: true },
      ],
    });
    expect(parseTsQuery("'two-post':* <-> 'two':* <-> 'post':*")).toMatchObject({ kind: 'phrase', distances: [1, 1] });
    expect(parseTsQuery("'it''s':*")).toEqual({ kind: 'term', lexeme: "it's", prefix: true });
    expect(parseTsQuery('')).toBe('empty');
    expect(parseTsQuery("!'lift'")).toBeNull();
    expect(parseTsQuery("'lift':A")).toBeNull();
    expect(parseTsQuery("( 'a' & 'b' ) <-> 'c'")).toBeNull();
  });

  it('orders terms for ranking as PostgreSQL does: by bytes, shorter first, each once', () => {
    const query = parseTsQuery("'post':* & 'po':* & 'lift':* & 'post':*") as TsNode;
    expect(sortedUniqueTerms(query).map((term) => term.lexeme)).toEqual(['lift', 'po', 'post']);
  });
});

describe('matching', () => {
  const index = CatalogSearchIndex.of(rows, warehouses);

  it('finds a SKU typed in any case, with or without its dash, exact first', () => {
    expect(page(index, 'apx2p10000', "'apx2p10000':*", 'relevance')).toEqual(['APX2P-10000']);
    expect(page(index, 'APX2P-1', "'apx2p':* <-> '-1':*", 'relevance')).toEqual(['APX2P-10000', 'APX2P-12000']);
    expect(page(index, 'bnd', "'bnd':*", 'relevance')).toEqual(['BND-4P', 'BND-TC1']);
  });

  it('matches the last word as a prefix, every word required', () => {
    expect(page(index, 'two po', "'two':* & 'po':*", 'sku')).toEqual(['APX2P-10000', 'APX2P-12000']);
    expect(page(index, 'lift hea', "'lift':* & 'hea':*", 'sku')).toEqual(['APX2P-12000']);
  });

  it('matches a phrase only where its words stand together', () => {
    expect(page(index, 'post lift', "'post':* <-> 'lift':*", 'sku')).toEqual(['APX2P-10000', 'APX2P-12000', 'BND-4P']);
    expect(page(index, 'lift post', "'lift':* <-> 'post':*", 'sku')).toEqual([]);
  });

  it('checks a phrase beside other words where all of them match, and each phrase of an OR on its own', () => {
    expect(page(index, 'post-lift heavy', "'post':* <-> 'lift':* & 'heavy':*", 'sku')).toEqual(['APX2P-12000']);
    expect(page(index, 'lift-post heavy', "'lift':* <-> 'post':* & 'heavy':*", 'sku')).toEqual([]);
    expect(page(index, 'x', "'lift':* <-> 'post':* | 'post':* <-> 'lift':* & 'two':*", 'sku')).toEqual(['APX2P-10000', 'APX2P-12000']);
  });

  it('follows a phrase of three words through a document holding one of them 150 times', () => {
    const lifts = Array.from({ length: 150 }, (_, i) => 2 * i + 1).join(',');
    const long = CatalogSearchIndex.of(
      [
        // 'lift' at 1, 3, ..., 299 in both; 'two post' at 299-300 in LONG-1, at 300-301 in LONG-2.
        row('LONG-1', 'long', 'Apex', 'Lifts', { document: `'lift':${lifts} 'post':300 'two':299` }),
        row('LONG-2', 'long', 'Apex', 'Lifts', { document: `'lift':${lifts} 'post':301 'two':300` }),
      ],
      warehouses,
    );
    expect(page(long, 'lift two post', "'lift':* <-> 'two':* <-> 'post':*", 'sku')).toEqual(['LONG-2']);
    expect(page(long, 'two post', "'two':* <-> 'post':*", 'sku')).toEqual(['LONG-1', 'LONG-2']);
    expect(page(long, 'lift post', "'lift':* <-> 'post':*", 'sku')).toEqual(['LONG-1']);
    expect(page(long, 'lift post', "'lift':* <2> 'post':*", 'sku')).toEqual(['LONG-2']);
  });

  it('corrects typos from its own lexicon (ts_stat words without digits)', () => {
    const vocabulary = new Vocabulary(index.vocabularyWords());
    expect(vocabulary.corrections('scisor')).toEqual(['scissor']);
    expect(vocabulary.corrections('scissor')).toEqual([]);
    expect(vocabulary.corrections('changr')).toEqual(['changer']);
    expect(vocabulary.corrections('apx2p')).toEqual([]);
  });
});

describe('facets', () => {
  const index = CatalogSearchIndex.of(rows, warehouses);
  const rowsOf = (f: SearchFilter) => {
    const { matches } = matchesOf(index, 'lift', "'lift':*");
    return index.facetRows(matches, f, index.regionBits('CO'));
  };

  it('counts each group with the other groups filters applied', () => {
    expect(rowsOf(filter())).toEqual([
      { group: 'brand', value: 'Apex', count: 2 },
      { group: 'brand', value: 'Bend', count: 2 },
      { group: 'category', value: 'Lifts', count: 3 },
      { group: 'availability', value: 'inRegion', count: 1 },
      { group: 'availability', value: 'any', count: 4 },
    ]);
    // A brand filter narrows the categories and availability, not the brands.
    expect(rowsOf(filter({ brands: ['BEND'] }))).toEqual([
      { group: 'brand', value: 'Apex', count: 2 },
      { group: 'brand', value: 'Bend', count: 2 },
      { group: 'category', value: 'Lifts', count: 1 },
      { group: 'availability', value: 'inRegion', count: 0 },
      { group: 'availability', value: 'any', count: 2 },
    ]);
    // In region only: brands and categories count products stocked in CO's warehouses.
    expect(rowsOf(filter({ inRegionOnly: true }))).toEqual([
      { group: 'brand', value: 'Apex', count: 1 },
      { group: 'category', value: 'Lifts', count: 1 },
      { group: 'availability', value: 'inRegion', count: 1 },
      { group: 'availability', value: 'any', count: 4 },
    ]);
  });

  it('counts a search without keywords from its groups as it counts every product, after restocks too', () => {
    const restocked = CatalogSearchIndex.of(rows, warehouses);
    const everyProduct = Uint32Array.of((1 << rows.length) - 1);
    const filters = [
      filter(),
      filter({ inRegionOnly: true }),
      filter({ brands: ['apex'] }),
      filter({ categories: ['Lifts'], inRegionOnly: true }),
    ];
    const same = () => {
      for (const f of filters) {
        for (const state of ['CO', 'CA', 'TX']) {
          const region = restocked.regionBits(state);
          expect(restocked.facetRows('all', f, region)).toEqual(restocked.facetRows(everyProduct, f, region));
        }
      }
    };
    same();
    // Out of W2 and into W1, then out of every warehouse, then back: each moves the product to another group.
    restocked.restock('APX2P-12000', ['W1']);
    restocked.restock('BND-TC1', []);
    same();
    expect(restocked.facetRows('all', filter({ inRegionOnly: true }), restocked.regionBits('CO'))).toContainEqual({
      group: 'availability',
      value: 'inRegion',
      count: 2,
    });
    restocked.restock('BND-TC1', ['W1', 'W2']);
    restocked.restock('APX2P-12000', ['W2']);
    same();
  });
});

describe('sorts and updates', () => {
  it('orders by featured, name, SKU and price both ways', () => {
    const index = CatalogSearchIndex.of(rows, warehouses);
    expect(page(index, '', undefined, 'featured')).toEqual(['APX2P-12000', 'APX2P-10000', 'BND-TC1', 'BND-4P', 'ZZ-1']);
    expect(page(index, '', undefined, 'name')).toEqual(['BND-4P', 'ZZ-1', 'BND-TC1', 'APX2P-10000', 'APX2P-12000']);
    expect(page(index, '', undefined, 'sku')).toEqual(['APX2P-10000', 'APX2P-12000', 'BND-4P', 'BND-TC1', 'ZZ-1']);
    expect(page(index, 'lift', "'lift':*", 'price-asc')).toEqual(['ZZ-1', 'APX2P-10000', 'BND-4P', 'APX2P-12000']);
    expect(page(index, 'lift', "'lift':*", 'price-desc')).toEqual(['APX2P-12000', 'BND-4P', 'APX2P-10000', 'ZZ-1']);
    // Without keywords, from the kept price order, from either end; ties by SKU in the price's direction.
    expect(page(index, '', undefined, 'price-asc')).toEqual(['ZZ-1', 'BND-TC1', 'APX2P-10000', 'BND-4P', 'APX2P-12000']);
    expect(page(index, '', undefined, 'price-desc')).toEqual(['APX2P-12000', 'BND-4P', 'APX2P-10000', 'BND-TC1', 'ZZ-1']);
  });

  it('leaves price orders to SQL while a product has no catalog price, and orders them once it has', () => {
    const index = CatalogSearchIndex.of(
      rows.map((r) => (r.sku === 'BND-4P' ? { ...r, price_cents: null } : r)),
      warehouses,
    );
    expect(page(index, '', undefined, 'price-asc')).toBeNull();
    expect(page(index, 'lift', "'lift':*", 'price-desc')).toBeNull();
    index.reprice('BND-4P', 700, 800);
    expect(page(index, '', undefined, 'price-asc')).toEqual(['ZZ-1', 'BND-TC1', 'APX2P-10000', 'BND-4P', 'APX2P-12000']);
  });

  it("orders by an organization's own list where it names a product, else by the catalog price, and follows both", () => {
    const index = CatalogSearchIndex.of(rows, warehouses);
    const list = { organizationList: 7 };
    // Not held: left to SQL.
    expect(page(index, '', undefined, 'price-asc', filter(), list)).toBeNull();
    // Catalog: ZZ-1 100, BND-TC1 300, APX2P-10000 500, BND-4P 700, APX2P-12000 900; the list names
    // two of them (and a SKU the catalog does not list, which is passed over).
    index.holdOrganizationPrices(7, [
      ['APX2P-12000', 50],
      ['BND-TC1', 600],
      ['NOT-LISTED', 1],
    ]);
    expect(index.holdsOrganizationPrices(7)).toBe(true);
    const byList = ['APX2P-12000', 'ZZ-1', 'APX2P-10000', 'BND-TC1', 'BND-4P'];
    expect(page(index, '', undefined, 'price-asc', filter(), list)).toEqual(byList);
    expect(page(index, '', undefined, 'price-desc', filter(), list)).toEqual([...byList].reverse());
    expect(page(index, 'lift', "'lift':*", 'price-asc', filter(), list)).toEqual(['APX2P-12000', 'ZZ-1', 'APX2P-10000', 'BND-4P']);
    // The catalog's own order is untouched.
    expect(page(index, '', undefined, 'price-asc')![0]).toBe('ZZ-1');
    // A catalog reprice moves a product the list does not name, and not one it names.
    index.reprice('BND-4P', 10, 2000);
    index.reprice('APX2P-12000', 1, 2000);
    expect(page(index, '', undefined, 'price-asc', filter(), list)).toEqual(['BND-4P', 'APX2P-12000', 'ZZ-1', 'APX2P-10000', 'BND-TC1']);
    expect(page(index, 'lift', "'lift':*", 'price-desc', filter(), list)).toEqual(['APX2P-10000', 'ZZ-1', 'APX2P-12000', 'BND-4P']);
    // Dropped (its items changed): left to SQL until it is read again.
    index.dropOrganizationPrices([7]);
    expect(page(index, '', undefined, 'price-asc', filter(), list)).toBeNull();
  });

  it("takes a 'Featured' recount's popularity: the featured order and suggestions move, as a fresh build's", () => {
    const index = CatalogSearchIndex.of(rows, warehouses);
    expect(page(index, '', undefined, 'featured')).toEqual(['APX2P-12000', 'APX2P-10000', 'BND-TC1', 'BND-4P', 'ZZ-1']);
    // One count per product in SKU order, as string_agg writes them: APX2P-12000 falls from 9 to 0.
    const counts = parseCounts('5,0,5,0,12');
    expect([...counts]).toEqual([5, 0, 5, 0, 12]);
    expect(index.setPopularity(counts)).toBe(true);
    const rebuilt = CatalogSearchIndex.of(
      rows.map((r, o) => ({ ...r, popularity: counts[o]! })),
      warehouses,
    );
    const featured = ['ZZ-1', 'APX2P-10000', 'BND-4P', 'APX2P-12000', 'BND-TC1'];
    expect(page(index, '', undefined, 'featured')).toEqual(featured);
    expect(page(rebuilt, '', undefined, 'featured')).toEqual(featured);
    expect(page(index, 'lift', "'lift':*", 'featured')).toEqual(['ZZ-1', 'APX2P-10000', 'BND-4P', 'APX2P-12000']);
    expect(index.suggestions(keywordPlan('lift'), parseTsQuery("'lift':*") as TsNode, 2)).toEqual(['ZZ-1', 'APX2P-10000']);
    // Counts for another number of products change nothing (the index is then built again).
    expect(index.setPopularity(parseCounts('40,0,0,0,0,3'))).toBe(false);
    expect(page(index, '', undefined, 'featured')).toEqual(featured);
  });

  it('follows price and stock changes of single products', () => {
    const index = CatalogSearchIndex.of(rows, warehouses);
    expect(page(index, '', undefined, 'price-asc')![0]).toBe('ZZ-1');
    expect(index.reprice('BND-4P', 1, 2)).toBe(true);
    expect(page(index, 'lift', "'lift':*", 'price-asc')![0]).toBe('BND-4P');
    // The kept price order of a browse moves too.
    expect(page(index, '', undefined, 'price-asc')![0]).toBe('BND-4P');
    expect(page(index, '', undefined, 'price-desc')!.at(-1)).toBe('BND-4P');
    expect(index.restock('BND-4P', ['W1'])).toBe(true);
    expect(page(index, '', undefined, 'sku', filter({ inRegionOnly: true }))).toEqual(['APX2P-10000', 'BND-4P', 'BND-TC1']);
    expect(index.reprice('NOT-LISTED', 1, 1)).toBe(false);
  });

  it('orders relevance by tier, rank and SKU when many ranks reach 1 (the shortcut skipping their ranks)', () => {
    // A tsvector as PostgreSQL writes it: each lexeme once, in byte order, with all its positions.
    const documentOf = (text: string) => {
      const places = new Map<string, number[]>();
      text.split(' ').forEach((word, i) => places.set(word, [...(places.get(word) ?? []), i + 1]));
      return [...places.keys()]
        .sort()
        .map(
          (word) =>
            `'${word}':${places
              .get(word)!
              .map((p) => `${p}A`)
              .join(',')}`,
        )
        .join(' ');
    };
    const row = (sku: string, label: string, brand: string, category: string, extra: Partial<IndexRow> = {}) =>
      rowOf(sku, label, brand, category, { document: documentOf(`${sku.toLowerCase()} ${label}`), ...extra });
    const many: IndexRow[] = [
      // Words side by side many times over: ts_rank rounds to 1 in float4.
      ...Array.from({ length: 25 }, (_, i) =>
        row(`A-${String(i).padStart(3, '0')}`, 'two post lift two post lift two post', 'Apex', 'Lifts'),
      ),
      // Far apart: lower ranks, the same tier.
      ...Array.from({ length: 5 }, (_, i) => row(`B-${i}`, `two ${'x '.repeat(8 + i)}post`, 'Apex', 'Lifts')),
      // The words in the document but not the label: a lower tier, though ranked high.
      row('C-1', 'widget', 'Apex', 'Lifts', { document: "'c-1':1A 'post':3A 'two':2A 'widget':4A" }),
      // Ranked 1 too, but last in SKU order: every tie goes before it.
      row('Z-999', 'two post two post two post two post', 'Apex', 'Lifts'),
    ];
    const index = CatalogSearchIndex.of(many, warehouses);
    const tsq = "'two':* & 'po':*";
    const query = parseTsQuery(tsq) as TsNode;
    const ranks = index.ranksOf(
      query,
      many.map((r) => r.sku),
    );
    const expected = many
      .map((r, k) => ({
        sku: r.sku,
        tier: r.label_key.includes('two') && r.label_key.includes('po') ? 1 : 0,
        rank: ranks[k]!,
      }))
      .sort((a, b) => b.tier - a.tier || b.rank - a.rank || (a.sku < b.sku ? -1 : 1))
      .map((r) => r.sku);
    expect(index.ranksOf(query, ['A-000'])).toEqual([1]);
    const { plan, matches } = matchesOf(index, 'two po', tsq);
    const pageAt = (offset: number) =>
      index.page(matches, plan, query, { filter: filter(), region: 0, sort: 'relevance', price: 'catalog' }, { limit: 10, offset });
    for (const offset of [0, 10, 20, 25]) expect(pageAt(offset)).toEqual(expected.slice(offset, offset + 10));
  });

  it('orders relevance pages of a large catalog as a full sort by tier, rank and SKU, with filters, and again with kept label words', () => {
    // 3,000 products whose labels draw words independently, so each word's label tier differs, and
    // broad words match thousands (the bitset and walked-key paths of relevancePage).
    let state = 7;
    const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const vocabulary = ['two', 'post', 'lift', 'heavy', 'tire', 'changer', 'air', 'pad', 'kit', 'arm'];
    const many = Array.from({ length: 3000 }, (_, i) => {
      const sku = `TP${i % 5}${String(i).padStart(5, '0')}`;
      const label = Array.from({ length: 2 + Math.floor(next() * 4) }, () => vocabulary[Math.floor(next() * vocabulary.length)]!).join(' ');
      // Documents hold words the label does not (a lower tier, ranked all the same), at varied
      // distances (gaps where to_tsvector drops stop words).
      const extra = Array.from({ length: Math.floor(next() * 6) }, () => vocabulary[Math.floor(next() * vocabulary.length)]!);
      const words = [sku.toLowerCase(), ...label.split(' '), ...extra];
      const places = new Map<string, string[]>();
      let position = 0;
      words.forEach((word, k) => {
        position += 1 + Math.floor(next() * 3);
        places.set(word, [...(places.get(word) ?? []), `${position}${k < 4 ? 'A' : ''}`]);
      });
      const document = [...places.keys()]
        .sort()
        .map((word) => `'${word}':${places.get(word)!.join(',')}`)
        .join(' ');
      return rowOf(sku, label, i % 3 ? 'Apex' : 'Bend', 'Lifts', { document, stocked_warehouses: i % 4 ? ['W1'] : [] });
    }).sort((a, b) => (a.sku < b.sku ? -1 : 1)); // ordinal order
    const index = CatalogSearchIndex.of(many, warehouses);
    const region = index.regionBits('CO');
    const expected = (keywords: string, f: SearchFilter, offset: number) => {
      const plan = keywordPlan(keywords)!;
      const query = parseTsQuery(plan.tsQuery!) as TsNode;
      const matches = index.match(plan, query) as Uint32Array;
      const listed = many.filter((r, o) => (matches[o >>> 5]! & (1 << (o & 31))) !== 0);
      const kept = listed.filter(
        (r) => (f.brands.length === 0 || f.brands.includes(r.brand)) && (!f.inRegionOnly || r.stocked_warehouses.length > 0),
      );
      const ranks = index.ranksOf(
        query,
        kept.map((r) => r.sku),
      );
      const words = plan.labelPatterns.map((pattern) => pattern.slice(1, -1));
      const tierOf = (r: IndexRow) =>
        (r.sku_compact === plan.skuCompact ? 6 : r.sku_compact.startsWith(plan.skuCompact!) ? 2 : 0) +
        (words.every((word) => r.label_key.includes(word)) ? 1 : 0);
      return kept
        .map((r, k) => ({ sku: r.sku, tier: tierOf(r), rank: ranks[k]! }))
        .sort((a, b) => b.tier - a.tier || b.rank - a.rank || (a.sku < b.sku ? -1 : 1))
        .slice(offset, offset + 20)
        .map((r) => r.sku);
    };
    const searches = ['two post', 'lift', 'post lift', 'heavy arm kit', 'tp1', 'tp1 lift', 'tp100003', 'tp2 air', 'pad'];
    // More label words than an index keeps (48): every prefix of the words, and SKU prefixes.
    const prefixes = vocabulary.flatMap((word) => Array.from({ length: word.length - 1 }, (_, n) => word.slice(0, n + 2)));
    const others = [...prefixes, ...Array.from({ length: 40 }, (_, n) => `tp${n}`)];
    // Twice: the second time every label word's products are kept ones (or a kept one's buffer, reused).
    for (const round of [1, 2]) {
      for (const keywords of [...searches, ...others]) {
        const filters = searches.includes(keywords) ? [filter(), filter({ brands: ['Bend'] }), filter({ inRegionOnly: true })] : [filter()];
        for (const f of filters) {
          for (const offset of searches.includes(keywords) ? [0, 20, 400] : [0]) {
            const { plan, query, matches } = matchesOf(index, keywords, keywordPlan(keywords)!.tsQuery!);
            const answer = index.page(
              matches,
              plan,
              query,
              { filter: f, region, sort: 'relevance', price: 'catalog' },
              { limit: 20, offset },
            );
            expect(answer, `${keywords} ${JSON.stringify(f)} at ${offset}, round ${round}`).toEqual(expected(keywords, f, offset));
          }
        }
      }
    }
  });

  it('ranks products whose entries share position lists by term, not by the lists alone', () => {
    // The same three position lists in the same order, split between the two terms differently:
    // 'li':* holds two entries in X and one in Y. PostgreSQL weighs X's 'lifting' with 'post' only
    // (a later lexeme of a term replaces the earlier one), Y's 'lift' with both 'post' lexemes.
    const x = rowOf('X-1', 'widget', 'Apex', 'Lifts', { document: "'lift':1A 'lifting':2A 'post':20A" });
    const y = rowOf('Y-1', 'widget', 'Apex', 'Lifts', { document: "'lift':1A 'post':2A 'posting':20A" });
    const index = CatalogSearchIndex.of([x, y], warehouses);
    const query = parseTsQuery("'li':* & 'post':*") as TsNode;
    const alone = [...index.ranksOf(query, ['X-1']), ...index.ranksOf(query, ['Y-1'])];
    expect(alone[0]).not.toBe(alone[1]);
    // One ranker for both, as a search ranks them: each still gets its own rank, also with their
    // keys read off the posting lists at once (as a broad search ranks).
    expect(index.ranksOf(query, ['X-1', 'Y-1'])).toEqual(alone);
    expect(index.ranksOf(query, ['Y-1', 'X-1'])).toEqual([alone[1], alone[0]]);
    expect(index.ranksOf(query, ['X-1', 'Y-1'], 'together')).toEqual(alone);
  });

  it('keeps the best k of a stream in order', () => {
    const top = new TopK(3, (a, b) => a - b);
    for (const n of [9, 4, 7, 1, 8, 2]) top.add(n);
    expect(top.sorted()).toEqual([1, 2, 4]);
  });
});

describe('suggestions', () => {
  it('lists the exact SKU, then SKU prefixes, then the most ordered word matches', () => {
    const index = CatalogSearchIndex.of(rows, warehouses);
    // Both SKUs start with the text; the one also matched as a word and ordered more comes first.
    expect(index.suggestions(keywordPlan('bnd'), parseTsQuery("'bnd':*") as TsNode, 8)).toEqual(['BND-TC1', 'BND-4P']);
    expect(index.suggestions(keywordPlan('bndtc1'), parseTsQuery("'bndtc1':*") as TsNode, 8)).toEqual(['BND-TC1']);
    expect(index.suggestions(keywordPlan('lift'), parseTsQuery("'lift':*") as TsNode, 2)).toEqual(['APX2P-12000', 'APX2P-10000']);
  });
});

describe('a build in slices', () => {
  it('serves the event loop while it finishes, and builds the same index as at once', async () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      rowOf(
        `SL-${String(i).padStart(6, '0')}`,
        `${['two post', 'four post', 'scissor'][i % 3]} lift model ${i % 997}`,
        `B${i % 7}`,
        'Lifts',
        {
          popularity: i % 13,
          price_cents: 1000 + (i % 89),
          stocked_warehouses: i % 2 ? ['W1'] : [],
        },
      ),
    );
    let turns = 0;
    let building = true;
    const tick = () => {
      if (!building) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    // As a build reads them: in SKU order, a batch at a time.
    const builder = new IndexRowsBuilder(warehouses);
    for (let from = 0; from < many.length; from += 10_000) builder.add(many.slice(from, from + 10_000));
    const sliced = await CatalogSearchIndex.finish(builder);
    building = false;
    // Other work ran between the finish's steps.
    expect(turns).toBeGreaterThanOrEqual(6);
    const atOnce = CatalogSearchIndex.of(many, warehouses);
    for (const sort of ['featured', 'name', 'price-asc', 'relevance'] as const) {
      expect(page(sliced, 'post lift', "'post':* & 'lift':*", sort)).toEqual(page(atOnce, 'post lift', "'post':* & 'lift':*", sort));
      expect(page(sliced, '', undefined, sort === 'relevance' ? 'sku' : sort, filter({ inRegionOnly: true }))).toEqual(
        page(atOnce, '', undefined, sort === 'relevance' ? 'sku' : sort, filter({ inRegionOnly: true })),
      );
    }
    expect(sliced.vocabularyWords()).toEqual(atOnce.vocabularyWords());
  });

  it('refuses rows out of SKU byte order (the build fails, and the search runs in SQL)', () => {
    const builder = new IndexRowsBuilder(warehouses);
    builder.add([rows[0]!, rows[1]!]);
    expect(() => builder.add([rows[1]!])).toThrow(/out of SKU order/);
  });
});
