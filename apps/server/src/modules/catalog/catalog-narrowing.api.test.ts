/**
 * Issue 32's narrowing and ordering through the API: facet counts (each group counted with the other
 * groups' filters applied), the brand, category and availability filters, every sort, 'Featured'
 * from the last 90 days' orders, and the suggestions under the keyword box. The products here carry
 * a word of their own ('zephyrine'), so every count is known exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { catalogSuggestResponseSchema, type CatalogSearchResponse } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createApiKey } from '../integration/index.js';
import { refreshFeatured, startFeaturedRefresh } from './featured.js';

const ADMIN = 'admin@summitlift.example.com';
const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };
const WORD = 'zephyrine';

let t: TestApp;
let token: string;
let servingCo: string;
let notServingCo: string;

type Made = { sku: string; brand: string; category: string; label: string; msrpCents: number; stock?: 'region' | 'elsewhere' };
const made: Made[] = [
  { sku: 'NRW-001', brand: 'Narrowco', category: 'Gizmos', label: `Delta ${WORD} gizmo`, msrpCents: 50_000, stock: 'region' },
  { sku: 'NRW-002', brand: 'Narrowco', category: 'Gizmos', label: `Alpha ${WORD} gizmo`, msrpCents: 20_000, stock: 'region' },
  { sku: 'NRW-003', brand: 'Narrowco', category: 'Gizmos', label: `Echo ${WORD} gizmo`, msrpCents: 90_000, stock: 'elsewhere' },
  { sku: 'NRW-004', brand: 'Narrowco', category: 'Gizmos', label: `Bravo ${WORD} gizmo`, msrpCents: 10_000 },
  { sku: 'NRW-005', brand: 'Narrowco', category: 'Widgets', label: `Golf ${WORD} widget`, msrpCents: 70_000 },
  { sku: 'NRW-006', brand: 'Narrowco', category: 'Widgets', label: `Charlie ${WORD} widget`, msrpCents: 30_000 },
  { sku: 'OTH-001', brand: 'Otherco', category: 'Gizmos', label: `Foxtrot ${WORD} gizmo`, msrpCents: 40_000, stock: 'region' },
  { sku: 'OTH-002', brand: 'Otherco', category: 'Widgets', label: `Hotel ${WORD} widget`, msrpCents: 80_000 },
  { sku: 'OTH-003', brand: 'Otherco', category: 'Widgets', label: `India ${WORD} widget`, msrpCents: 60_000 },
];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN);
  const { rows } = await t.db.execute(sql`
    SELECT code, region_states AS states FROM warehouses
    WHERE code NOT IN (SELECT ships_only_from FROM catalogs WHERE ships_only_from IS NOT NULL) ORDER BY code`);
  const warehouses = rows as { code: string; states: string[] }[];
  servingCo = warehouses.find((w) => w.states.includes('CO'))!.code;
  notServingCo = warehouses.find((w) => !w.states.includes('CO'))!.code;
  for (const p of made) {
    await t.db.execute(sql`INSERT INTO products (sku, brand, label, category, msrp_cents)
      VALUES (${p.sku}, ${p.brand}, ${p.label}, ${p.category}, ${p.msrpCents})`);
    await t.db.execute(sql`INSERT INTO catalog_products (catalog_id, sku) VALUES ('lifts', ${p.sku})`);
    // Stock arrives after the listing: the stock triggers of drizzle/0015 keep the search row in step.
    if (p.stock)
      await t.db.execute(sql`INSERT INTO stock (warehouse_code, sku, quantity)
        VALUES (${p.stock === 'region' ? servingCo : notServingCo}, ${p.sku}, 5)`);
  }
});
afterAll(() => t.close());

const search = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/catalog/search', payload: body, token });
const searchOk = async (body: Record<string, unknown>) => {
  const response = await search({ ...lifts, keywords: WORD, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CatalogSearchResponse;
};
const skusOf = (answer: CatalogSearchResponse) => answer.results.map((p) => p.sku);
const skusWhere = (keep: (p: Made) => boolean) =>
  made
    .filter(keep)
    .map((p) => p.sku)
    .sort();

describe('facets and filters', () => {
  it('counts brands, categories and availability over the matches', async () => {
    const answer = await searchOk({});
    expect(answer.totalResults).toBe(9);
    expect(answer.facets).toEqual({
      brand: [
        { value: 'Narrowco', count: 6 },
        { value: 'Otherco', count: 3 },
      ],
      category: [
        { value: 'Gizmos', count: 5 },
        { value: 'Widgets', count: 4 },
      ],
      availability: [
        { value: 'inRegion', count: 3 },
        { value: 'any', count: 9 },
      ],
    });
  });

  it("counts each group with the other groups' filters applied, and its own left out", async () => {
    const answer = await searchOk({ brand: ['Narrowco'] });
    expect(answer.totalResults).toBe(6);
    expect(skusOf(answer).sort()).toEqual(skusWhere((p) => p.brand === 'Narrowco'));
    expect(answer.facets.brand).toEqual([
      { value: 'Narrowco', count: 6 },
      { value: 'Otherco', count: 3 },
    ]);
    expect(answer.facets.category).toEqual([
      { value: 'Gizmos', count: 4 },
      { value: 'Widgets', count: 2 },
    ]);
    expect(answer.facets.availability).toEqual([
      { value: 'inRegion', count: 2 },
      { value: 'any', count: 6 },
    ]);
  });

  it('narrows by brand, category and availability together', async () => {
    const answer = await searchOk({ brand: 'narrowco', category: ['Gizmos'], availability: 'inRegion' });
    expect(skusOf(answer).sort()).toEqual(['NRW-001', 'NRW-002']);
    expect(answer.totalResults).toBe(2);
    expect(answer.facets.brand).toEqual([
      { value: 'Narrowco', count: 2 },
      { value: 'Otherco', count: 1 },
    ]);
    expect(answer.facets.category).toEqual([{ value: 'Gizmos', count: 2 }]);
    expect(answer.facets.availability).toEqual([
      { value: 'inRegion', count: 2 },
      { value: 'any', count: 4 },
    ]);
    for (const product of answer.results) expect(product.availability.inRegion).toBeGreaterThan(0);
  });

  it('takes several brands or categories at once', async () => {
    const answer = await searchOk({ category: ['Gizmos', 'Widgets'], brand: ['Narrowco', 'Otherco'] });
    expect(answer.totalResults).toBe(9);
  });

  it('follows stock as it moves in and out of the region', async () => {
    await t.db.execute(sql`UPDATE stock SET quantity = 0 WHERE sku = 'NRW-001'`);
    await t.db.execute(sql`INSERT INTO stock (warehouse_code, sku, quantity) VALUES (${servingCo}, 'NRW-004', 3)`);
    const answer = await searchOk({ availability: 'inRegion' });
    expect(skusOf(answer).sort()).toEqual(['NRW-002', 'NRW-004', 'OTH-001']);
    await t.db.execute(sql`DELETE FROM stock WHERE sku = 'NRW-004'`);
    await t.db.execute(sql`UPDATE stock SET quantity = 5 WHERE sku = 'NRW-001'`);
    expect(skusOf(await searchOk({ availability: 'inRegion' })).sort()).toEqual(['NRW-001', 'NRW-002', 'OTH-001']);
  });

  it('follows a product moved to another category', async () => {
    await t.db.execute(sql`UPDATE products SET category = 'Widgets' WHERE sku = 'NRW-004'`);
    expect((await searchOk({ category: ['Widgets'] })).totalResults).toBe(5);
    await t.db.execute(sql`UPDATE products SET category = 'Gizmos' WHERE sku = 'NRW-004'`);
    expect((await searchOk({ category: ['Widgets'] })).totalResults).toBe(4);
  });

  it('filters the whole catalog without keywords, counted as such', async () => {
    const answer = await searchOk({ keywords: '', brand: ['Otherco'] });
    expect(answer.totalResults).toBe(3);
    expect(answer.facets.brand.find((b) => b.value === 'Narrowco')?.count).toBe(6);
    expect(answer.facets.brand.length).toBeGreaterThan(2);
  });

  it('counts the whole catalog from its kept group counts, in step with every change (drizzle/0019)', async () => {
    await t.db.execute(sql`UPDATE products SET category = 'Widgets' WHERE sku = 'OTH-001'`);
    await t.db.execute(sql`UPDATE stock SET quantity = 0 WHERE sku = 'NRW-002'`);
    await t.db.execute(sql`DELETE FROM catalog_products WHERE sku = 'OTH-003'`);
    const answer = await searchOk({ keywords: '', brand: ['Otherco', 'Narrowco'] });
    const counted = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          (await t.db.execute(sql`SELECT count(*)::int AS n FROM catalog_search s WHERE s.catalog_id = 'lifts' AND ${where}`)).rows[0] as {
            n: number;
          }
        ).n,
      );
    expect(answer.facets.category).toEqual([
      { value: 'Gizmos', count: await counted(sql`s.brand IN ('Otherco', 'Narrowco') AND s.category = 'Gizmos'`) },
      { value: 'Widgets', count: await counted(sql`s.brand IN ('Otherco', 'Narrowco') AND s.category = 'Widgets'`) },
    ]);
    expect(answer.facets.category.map((c) => c.count)).toEqual([4, 4]);
    expect(answer.facets.availability).toEqual([
      { value: 'inRegion', count: 2 },
      { value: 'any', count: 8 },
    ]);
    const { rows } = await t.db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT catalog_id, brand, category, stocked_warehouses, count(*)::int AS products FROM catalog_search GROUP BY 1, 2, 3, 4
      ) c FULL JOIN catalog_facet_counts f USING (catalog_id, brand, category, stocked_warehouses)
      WHERE c.products IS DISTINCT FROM f.products`);
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
    await t.db.execute(sql`UPDATE products SET category = 'Gizmos' WHERE sku = 'OTH-001'`);
    await t.db.execute(sql`UPDATE stock SET quantity = 5 WHERE sku = 'NRW-002'`);
    await t.db.execute(sql`INSERT INTO catalog_products (catalog_id, sku) VALUES ('lifts', 'OTH-003')`);
  });

  it.each([
    ['an unknown sort', { sort: 'cheapest' }],
    ['an unknown availability', { availability: 'soon' }],
    ['a brand that is not text', { brand: [5] }],
    ['too many categories', { category: Array.from({ length: 51 }, (_, i) => `c${i}`) }],
  ])('answers 400 for %s', async (_, body) => {
    const response = await search({ ...lifts, keywords: WORD, ...body });
    expect(response.statusCode).toBe(400);
  });
});

describe('sorting', () => {
  const labels = (answer: CatalogSearchResponse) => answer.results.map((p) => p.eCommerceInformation.label);
  const prices = (answer: CatalogSearchResponse) => answer.results.map((p) => p.price);

  it('orders by name, SKU and price both ways', async () => {
    const byName = await searchOk({ sort: 'name' });
    expect(labels(byName)).toEqual([...labels(byName)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(labels(byName)[0]).toBe(`Alpha ${WORD} gizmo`);

    expect(skusOf(await searchOk({ sort: 'sku' }))).toEqual(made.map((p) => p.sku).sort());

    const ascending = prices(await searchOk({ sort: 'price-asc' }));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = prices(await searchOk({ sort: 'price-desc' }));
    expect(descending).toEqual([...ascending].reverse());
  });

  it('pages a sorted search without overlap', async () => {
    const first = await searchOk({ sort: 'price-asc', pageSize: 4, page: 1 });
    const second = await searchOk({ sort: 'price-asc', pageSize: 4, page: 2 });
    const third = await searchOk({ sort: 'price-asc', pageSize: 4, page: 3 });
    expect(new Set([...skusOf(first), ...skusOf(second), ...skusOf(third)]).size).toBe(9);
  });

  it('browses by price within a brand, a category and the region', async () => {
    const browse = (body: Record<string, unknown>) => searchOk({ keywords: '', pageSize: 20, ...body });
    expect(skusOf(await browse({ brand: ['Narrowco'], sort: 'price-asc' }))).toEqual([
      'NRW-004',
      'NRW-002',
      'NRW-006',
      'NRW-001',
      'NRW-005',
      'NRW-003',
    ]);
    expect(skusOf(await browse({ category: ['Widgets'], sort: 'price-desc' }))).toEqual(['OTH-002', 'NRW-005', 'OTH-003', 'NRW-006']);
    expect(skusOf(await browse({ brand: ['Narrowco'], availability: 'inRegion', sort: 'price-asc' }))).toEqual(['NRW-002', 'NRW-001']);
    const inRegion = await browse({ availability: 'inRegion', sort: 'price-desc' });
    expect(inRegion.results.length).toBeGreaterThan(0);
    for (const product of inRegion.results) expect(product.availability.inRegion).toBeGreaterThan(0);
    expect(prices(inRegion)).toEqual([...prices(inRegion)].sort((a, b) => b - a));
  });

  it('orders the whole catalog by price when browsing', async () => {
    const answer = await searchOk({ keywords: '', sort: 'price-desc', pageSize: 10 });
    const listed = prices(answer);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
  });

  it("browses by price from the kept catalog prices (drizzle/0021): the caller's own list first, changes followed at once", async () => {
    /** The first SKUs of the catalog by the caller's price, computed here from the price tables themselves. */
    const expected = async (direction: 'ASC' | 'DESC', restricted: boolean, organizationId = 1) => {
      const price = restricted ? sql`p.msrp_cents` : sql`coalesce(opl.price_cents, cpl.price_cents, p.msrp_cents)`;
      const { rows } = await t.db.execute(sql`
        SELECT cp.sku FROM catalog_products cp
        JOIN catalogs c ON c.id = cp.catalog_id JOIN products p ON p.sku = cp.sku
        LEFT JOIN price_list_items cpl ON cpl.price_list_id = c.price_list_id AND cpl.sku = cp.sku
        LEFT JOIN price_list_items opl ON opl.price_list_id = (SELECT price_list_id FROM organizations WHERE id = ${organizationId}) AND opl.sku = cp.sku
        WHERE cp.catalog_id = 'lifts'
        ORDER BY ${price} ${direction === 'ASC' ? sql`ASC` : sql`DESC`}, cp.sku ${direction === 'ASC' ? sql`ASC` : sql`DESC`}
        LIMIT 12`);
      return (rows as { sku: string }[]).map((row) => row.sku);
    };
    const browse = async (sort: string, as = token, branchNumber = lifts.branchNumber) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/catalog/search',
        payload: { ...lifts, branchNumber, keywords: '', sort, pageSize: 12 },
        token: as,
      });
      expect(response.statusCode, response.body).toBe(200);
      return skusOf(response.json() as CatalogSearchResponse);
    };
    expect(await browse('price-asc')).toEqual(await expected('ASC', false));
    expect(await browse('price-desc')).toEqual(await expected('DESC', false));
    const viewer = await t.login('viewer@summitlift.example.com');
    expect(await browse('price-asc', viewer)).toEqual(await expected('ASC', true));
    // Valley Garage has a price list of its own: its SKUs are merged in at their list prices.
    const valley = await t.login('owner@valleygarage.example.com');
    expect(await browse('price-asc', valley, 201)).toEqual(await expected('ASC', false, 2));
    expect(await browse('price-desc', valley, 201)).toEqual(await expected('DESC', false, 2));

    // The cheapest product becomes the dearest through its catalog price and its MSRP: both orders follow.
    const cheapest = (await browse('price-asc'))[0]!;
    await t.db.execute(sql`UPDATE price_list_items SET price_cents = 99999999
      WHERE sku = ${cheapest} AND price_list_id IN (SELECT price_list_id FROM catalogs WHERE id = 'lifts')`);
    await t.db.execute(sql`DELETE FROM price_list_items WHERE sku = ${cheapest}
      AND price_list_id = (SELECT price_list_id FROM organizations WHERE id = 1)`);
    await t.db.execute(sql`UPDATE products SET msrp_cents = 99999999 WHERE sku = ${cheapest}`);
    expect((await browse('price-desc'))[0]).toBe(cheapest);
    expect(await browse('price-asc')).toEqual(await expected('ASC', false));
    expect((await browse('price-desc', viewer))[0]).toBe(cheapest);
    // Unlisted, it is gone from both.
    await t.db.execute(sql`DELETE FROM catalog_products WHERE catalog_id = 'lifts' AND sku = ${cheapest}`);
    expect(await browse('price-desc')).not.toContain(cheapest);
    expect(await browse('price-desc')).toEqual(await expected('DESC', false));
  });

  it("puts what dealers ordered most over the last 90 days first under 'Featured', the default without keywords", async () => {
    // From nothing, in transactions of three rows each: the same ranking as one long write.
    await t.db.execute(sql`UPDATE catalog_search SET popularity = 0`);
    expect((await refreshFeatured(t.db, new Date(), 3)).changedRows).toBeGreaterThan(3);
    const { rows } = await t.db.execute(sql`
      SELECT l.sku, count(DISTINCT l.order_id)::int AS orders
      FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN catalog_products cp ON cp.sku = l.sku AND cp.catalog_id = 'lifts'
      WHERE o.entered_at >= now() - interval '90 days'
      GROUP BY l.sku ORDER BY orders DESC, l.sku LIMIT 5`);
    const mostOrdered = (rows as { sku: string }[]).map((row) => row.sku);
    expect(mostOrdered.length).toBeGreaterThan(0);
    const featured = await searchOk({ keywords: '', pageSize: 5 });
    expect(skusOf(featured)).toEqual(mostOrdered.concat(skusOf(featured).slice(mostOrdered.length)));
    expect(skusOf(await searchOk({ keywords: '', sort: 'featured', pageSize: 5 }))).toEqual(skusOf(featured));
    // Recounting again changes nothing.
    expect((await refreshFeatured(t.db)).changedRows).toBe(0);
  });

  it('recounts at once when the refresh starts, and tells when that first recount is done (the indexes are built after it)', async () => {
    await t.db.execute(sql`UPDATE catalog_search SET popularity = 0`);
    const errors: unknown[] = [];
    const refresh = startFeaturedRefresh(t.db, 3_600_000, (error) => errors.push(error));
    try {
      await refresh.firstRound;
      // Done: nothing is left to recount.
      expect((await refreshFeatured(t.db)).changedRows).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      refresh.stop();
    }
  });
});

describe('synonyms', () => {
  it("finds products by a term of the catalog's synonym sets, set through the integration API, and forgets a removed set", async () => {
    const { key } = await createApiKey(t.db, 'ERP synonyms search');
    const putSets = async (sets: { terms: string[] }[]) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/integration/catalogs/lifts/synonyms',
        payload: sets,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect((await searchOk({ keywords: 'doohickey' })).totalResults).toBe(0);
    await putSets([{ terms: ['doohickey', 'gizmo'] }, { terms: ['thingamajig', 'india widget'] }]);
    const gizmos = await searchOk({ keywords: 'doohickey' });
    expect(skusOf(gizmos).sort()).toEqual(skusWhere((p) => p.label.endsWith('gizmo')));
    // A term of several words stands for all of them; the other words of the text still count.
    expect(skusOf(await searchOk({ keywords: `thingamajig ${WORD}` }))).toEqual(['OTH-003']);
    expect(skusOf(await searchOk({ keywords: 'doohickey delta' }))).toEqual(['NRW-001']);
    await putSets([]);
    expect((await searchOk({ keywords: 'doohickey' })).totalResults).toBe(0);
  });
});

describe('GET /api/catalog/suggest', () => {
  const suggest = (query: Record<string, string>, auth = true) =>
    t.request({ method: 'GET', url: '/api/catalog/suggest', query, token: auth ? token : undefined });
  const suggestOk = async (q: string, query: Record<string, string> = {}) => {
    const response = await suggest({ q, catalog: 'lifts', shipToState: 'CO', branchNumber: '101', ...query });
    expect(response.statusCode, response.body).toBe(200);
    return catalogSuggestResponseSchema.parse(response.json()).suggestions;
  };

  it('answers at most 8 products for the words typed so far, with label, brand and price', async () => {
    const suggestions = await suggestOk('zephyr');
    expect(suggestions).toHaveLength(8);
    for (const s of suggestions) {
      const product = made.find((p) => p.sku === s.sku)!;
      expect(s).toEqual({ sku: product.sku, label: product.label, brand: product.brand, price: expect.any(Number) });
    }
  });

  it('puts a SKU typed without its dash first', async () => {
    expect((await suggestOk('oth002'))[0]?.sku).toBe('OTH-002');
  });

  it('lists SKUs starting with the text before word matches, then the most ordered words first', async () => {
    expect((await suggestOk('nrw')).map((s) => s.sku)).toEqual(['NRW-001', 'NRW-002', 'NRW-003', 'NRW-004', 'NRW-005', 'NRW-006']);
    // As the 'Featured' recount does (featured.ts): the popularity, and the search version with it.
    const setPopularity = (n: number) =>
      t.db.execute(sql`WITH p AS (UPDATE catalog_search SET popularity = ${n} WHERE catalog_id = 'lifts' AND sku = 'OTH-003' RETURNING 1)
        UPDATE catalog_search_totals SET version = version + 1 WHERE catalog_id = 'lifts'`);
    await setPopularity(7);
    try {
      expect((await suggestOk('zephyr'))[0]?.sku).toBe('OTH-003');
    } finally {
      await setPopularity(0);
    }
  });

  it('forgives a typo in a long word', async () => {
    expect((await suggestOk('zephyrnie gizmo')).map((s) => s.sku)).toContain('NRW-001');
  });

  it('answers none for one character, or without catalog, state or branch', async () => {
    expect(await suggestOk('z')).toEqual([]);
    expect(await suggestOk(WORD, { catalog: '' })).toEqual([]);
    expect(await suggestOk(WORD, { shipToState: '' })).toEqual([]);
    expect(await suggestOk(WORD, { branchNumber: '' })).toEqual([]);
  });

  it("refuses another organization's branch, and a caller not signed in", async () => {
    expect((await suggest({ q: WORD, catalog: 'lifts', shipToState: 'CO', branchNumber: '999' })).statusCode).toBe(403);
    expect((await suggest({ q: WORD, catalog: 'lifts', shipToState: 'CO', branchNumber: '101' }, false)).statusCode).toBe(401);
  });
});
