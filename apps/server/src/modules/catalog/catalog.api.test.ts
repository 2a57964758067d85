import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_EXPORT_COLUMNS } from '@portal/domain/rules';
import type { CatalogSearchResponse, Product } from '@portal/domain';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';
const VALLEY = 'owner@valleygarage.example.com';
const F = FEATURED_SKUS.lifts;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER, VIEWER, VALLEY]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

const search = (body: Record<string, unknown>, email = ADMIN) =>
  t.request({ method: 'POST', url: '/api/catalog/search', payload: body, token: tokens[email] });
const searchOk = async (body: Record<string, unknown>, email = ADMIN) => {
  const response = await search(body, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CatalogSearchResponse;
};
type Query = Record<string, string | number>;
const asText = (query: Query) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
const product = (sku: string, query: Query, email = ADMIN) =>
  t.request({ method: 'GET', url: `/api/catalog/product/${encodeURIComponent(sku)}`, query: asText(query), token: tokens[email] });
const productOk = async (sku: string, query: Query, email = ADMIN) => {
  const response = await product(sku, query, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Product;
};
const batch = (body: Record<string, unknown>, email = ADMIN) =>
  t.request({ method: 'POST', url: '/api/catalog/products', payload: body, token: tokens[email] });

const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };

async function catalogSize(catalog: string): Promise<number> {
  const { rows } = await t.db.execute(sql`select count(*)::int as n from catalog_products where catalog_id = ${catalog}`);
  return Number((rows[0] as { n: number }).n);
}

/** Expected availability straight from the tables, the long way round. */
async function expectedAvailability(sku: string, catalog: string, state: string) {
  const { rows } = await t.db.execute(sql`
    select s.warehouse_code as code, s.quantity, w.region_states as states, c.ships_only_from as only
    from stock s join warehouses w on w.code = s.warehouse_code, catalogs c
    where s.sku = ${sku} and c.id = ${catalog}`);
  const reserved = (await t.db.execute(sql`select ships_only_from as code from catalogs where ships_only_from is not null`)).rows.map(
    (r) => (r as { code: string }).code,
  );
  let inRegion = 0;
  let outsideRegion = 0;
  for (const row of rows as { code: string; quantity: number; states: string[]; only: string | null }[]) {
    const eligible = row.only ? row.code === row.only : !reserved.includes(row.code);
    if (!eligible) continue;
    if (row.states.includes(state)) inRegion += row.quantity;
    else outsideRegion += row.quantity;
  }
  return { inRegion, outsideRegion, netAvailable: inRegion + outsideRegion };
}

describe('POST /api/catalog/search', () => {
  it('pages through the whole catalog with the service defaults (page 1, 25 per page)', async () => {
    const total = await catalogSize('lifts');
    const first = await searchOk(lifts);
    expect(first).toMatchObject({ page: 1, pageSize: 25, totalResults: total });
    expect(first.results).toHaveLength(25);

    const pages = Math.ceil(total / 20);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const answer = await searchOk({ ...lifts, page, pageSize: 20 });
      expect(answer.totalResults).toBe(total);
      expect(answer.results).toHaveLength(page < pages ? 20 : total - 20 * (pages - 1));
      for (const p of answer.results) seen.add(p.sku);
    }
    expect(seen.size).toBe(total);

    const beyond = await searchOk({ ...lifts, page: pages + 1, pageSize: 20 });
    expect(beyond).toMatchObject({ page: pages + 1, pageSize: 20, totalResults: total, results: [] });
  });

  it.each([
    ['ship-to state', { catalog: 'lifts', branchNumber: 101 }],
    ['branch', { catalog: 'lifts', shipToState: 'CO' }],
    ['catalog', { shipToState: 'CO', branchNumber: 101 }],
    ['an empty ship-to state', { ...lifts, shipToState: '' }],
  ])('answers an empty result without %s (spec 5)', async (_, body) => {
    expect(await searchOk({ ...body, keywords: 'lift' })).toEqual({
      page: 1,
      pageSize: 25,
      totalResults: 0,
      facets: { brand: [], category: [], availability: [] },
      results: [],
    });
  });

  it('puts the exact SKU first, whatever its case', async () => {
    const answer = await searchOk({ ...lifts, keywords: F.forkLiftNoFlatbed.toLowerCase() });
    expect(answer.results[0]?.sku).toBe(F.forkLiftNoFlatbed);
  });

  it('puts the SKU first when typed without its dashes or with spaces, in any case (issue 32)', async () => {
    const sku = F.forkLiftNoFlatbed; // APX2P-10000
    for (const typed of [sku.replace(/-/g, ''), sku.replace(/-/g, ' ').toLowerCase(), sku.toLowerCase().replace(/-/g, '')]) {
      const answer = await searchOk({ ...lifts, keywords: typed });
      expect(answer.results[0]?.sku, typed).toBe(sku);
    }
  });

  it('finds SKUs by a dashless prefix, those starting with it first (issue 32)', async () => {
    const prefix = F.forkLiftNoFlatbed.replace(/-/g, '').slice(0, 7).toLowerCase(); // "apx2p10"
    const answer = await searchOk({ ...lifts, keywords: prefix, pageSize: 100 });
    expect(answer.results.map((p) => p.sku)).toContain(F.forkLiftNoFlatbed);
    expect(answer.results[0]!.sku.replace(/-/g, '').toLowerCase().startsWith(prefix)).toBe(true);
  });

  it('gives SKUs no typo tolerance (issue 32)', async () => {
    // One character off the last digit: no SKU is "close enough".
    const typo = `${F.forkLiftNoFlatbed.slice(0, -1)}7`;
    const answer = await searchOk({ ...lifts, keywords: typo, pageSize: 100 });
    expect(answer.results.map((p) => p.sku)).not.toContain(F.forkLiftNoFlatbed);
  });

  it('finds partial SKUs', async () => {
    const partial = F.forkLiftNoFlatbed.slice(2, 9); // "X2P-100"
    const answer = await searchOk({ ...lifts, keywords: partial, pageSize: 100 });
    expect(answer.results.map((p) => p.sku)).toContain(F.forkLiftNoFlatbed);
    for (const p of answer.results.slice(0, 3)) expect(p.sku.toLowerCase()).toContain(partial.toLowerCase());
  });

  it('matches words in labels and descriptions, by prefix', async () => {
    const answer = await searchOk({ ...lifts, keywords: 'balanc', pageSize: 100 });
    expect(answer.totalResults).toBeGreaterThan(0);
    for (const p of answer.results) {
      const text = `${p.eCommerceInformation.label} ${p.eCommerceInformation.shortDescription} ${p.eCommerceInformation.mediumDescription} ${p.brand}`;
      expect(text.toLowerCase()).toContain('balanc');
    }
  });

  it('forgives a typo (trigram similarity)', async () => {
    const answer = await searchOk({ ...lifts, keywords: 'scisor' });
    expect(answer.totalResults).toBeGreaterThan(0);
    expect(answer.results[0]!.eCommerceInformation.label.toLowerCase()).toContain('scissor');
  });

  it('forgives two typos in a word of 9+ letters, one in 5+, none in shorter words (issue 32)', async () => {
    const twoTypos = await searchOk({ ...lifts, keywords: 'comprasser' });
    expect(twoTypos.totalResults).toBeGreaterThan(0);
    expect(twoTypos.results[0]!.eCommerceInformation.label.toLowerCase()).toContain('compressor');
    const oneTypo = await searchOk({ ...lifts, keywords: 'balancr' });
    expect(oneTypo.totalResults).toBeGreaterThan(0);
    expect(oneTypo.results[0]!.eCommerceInformation.label.toLowerCase()).toContain('balancer');
    // Three letters off in a 10-letter word, and a typo in a 4-letter word: nothing.
    expect((await searchOk({ ...lifts, keywords: 'comprasxer' })).totalResults).toBe(0);
    expect((await searchOk({ ...lifts, keywords: 'lfit' })).totalResults).toBe(0);
  });

  it('corrects a typo beside a correct word, and matches the last word as a prefix (issue 32)', async () => {
    const answer = await searchOk({ ...lifts, keywords: 'portable scisor li', pageSize: 5 });
    expect(answer.totalResults).toBeGreaterThan(0);
    expect(answer.results[0]!.eCommerceInformation.label).toMatch(/portable scissor lift/i);
  });

  it('ranks several words that all match above partial matches', async () => {
    const answer = await searchOk({ ...lifts, keywords: 'portable scissor', pageSize: 5 });
    expect(answer.results[0]!.eCommerceInformation.label).toMatch(/portable scissor/i);
  });

  it('filters by brand', async () => {
    const answer = await searchOk({ ...lifts, brand: 'RimMaster', pageSize: 100 });
    expect(answer.totalResults).toBeGreaterThan(0);
    expect(new Set(answer.results.map((p) => p.brand))).toEqual(new Set(['RimMaster']));
  });

  it('treats keywords with LIKE and tsquery syntax as plain text', async () => {
    for (const keywords of ['%', '_', "a' & b", '!(x)', ':*', '\\']) {
      expect((await search({ ...lifts, keywords })).statusCode).toBe(200);
    }
  });

  it('searches only the chosen catalog', async () => {
    const show = await searchOk({ ...lifts, catalog: 'show', pageSize: 100 });
    expect(show.totalResults).toBe(await catalogSize('show'));
    expect(show.results.map((p) => p.sku)).not.toContain(F.forkLiftNoFlatbed);
    expect(show.results.every((p) => p.catalog === 'show')).toBe(true);
  });

  it("resolves the fallback catalog 'portal' to the user's first catalog", async () => {
    const answer = await searchOk({ ...lifts, catalog: 'portal' });
    expect(answer.totalResults).toBe(await catalogSize('lifts'));
    expect(answer.results[0]!.catalog).toBe('lifts');
  });

  it('answers 404 for a catalog the user may not see', async () => {
    expect((await search({ ...lifts, catalog: 'show', branchNumber: 201 }, VALLEY)).statusCode).toBe(404);
    expect((await search({ ...lifts, catalog: 'nope' })).statusCode).toBe(404);
  });

  it("answers 403 for a branch that is not the caller's", async () => {
    expect((await search({ ...lifts, branchNumber: 102 }, BUYER)).statusCode).toBe(403);
    expect((await search({ ...lifts, branchNumber: 201 })).statusCode).toBe(403);
  });

  it.each([
    ['page 0', { page: 0 }, 'page'],
    ['a huge page size', { pageSize: 5000 }, 'pageSize'],
    ['an unknown state', { shipToState: 'XX' }, 'shipToState'],
    ['a text branch', { branchNumber: 'abc' }, 'branchNumber'],
    ['non-text keywords', { keywords: 42 }, 'keywords'],
  ])('answers 400 for %s', async (_, patch, field) => {
    const response = await search({ ...lifts, ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.map((m: { field: string }) => m.field)).toContain(field);
  });

  it('needs a session with the catalog role', async () => {
    const response = await t.request({ method: 'POST', url: '/api/catalog/search', payload: lifts });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/catalog/product/:sku', () => {
  it('answers the full product of spec 3', async () => {
    const p = await productOk(F.downloads, lifts);
    expect(p).toMatchObject({ sku: F.downloads, catalog: 'lifts' });
    expect(Object.keys(p.eCommerceInformation.downloads)).toHaveLength(4);
    expect(p.eCommerceInformation.features.length).toBeGreaterThan(0);
    expect(Object.keys(p.eCommerceInformation.specifications).length).toBeGreaterThan(0);
    expect(p.shippingInformation).toMatchObject({ requiresForkLift: true, requiresFlatbed: false });
    expect((await productOk(F.severalImages, lifts)).eCommerceInformation.images).toHaveLength(4);
    expect((await productOk(F.noImages, lifts)).eCommerceInformation.images).toEqual([]);
  });

  it('prices with the catalog price list, in dollars', async () => {
    const { rows } = await t.db.execute(
      sql`select price_cents from price_list_items i join catalogs c on c.price_list_id = i.price_list_id where c.id = 'lifts' and i.sku = ${F.msrpDiffersFromPrice}`,
    );
    const p = await productOk(F.msrpDiffersFromPrice, lifts);
    expect(p.price).toBe((rows[0] as { price_cents: number }).price_cents / 100);
    expect(p.price).toBeLessThan(p.msrp);
    expect((await productOk(F.msrpEqualsPrice, lifts)).price).toBe((await productOk(F.msrpEqualsPrice, lifts)).msrp);
  });

  it('gives a restrictedPricing user the MSRP, never dealer cost', async () => {
    const admin = await productOk(F.msrpDiffersFromPrice, lifts);
    const viewer = await productOk(F.msrpDiffersFromPrice, lifts, VIEWER);
    expect(viewer.price).toBe(admin.msrp);
    expect(viewer.msrp).toBe(admin.msrp);
  });

  it("applies the organization's own price list over the catalog's", async () => {
    const summit = await productOk(F.customerPrice, lifts);
    const valley = await productOk(F.customerPrice, { ...lifts, branchNumber: 201 }, VALLEY);
    expect(valley.price).toBeLessThan(summit.price);
    // A SKU without a customer price keeps the catalog price.
    const other = await productOk(F.msrpDiffersFromPrice, { ...lifts, branchNumber: 201 }, VALLEY);
    expect(other.price).toBe((await productOk(F.msrpDiffersFromPrice, lifts)).price);
  });

  it('prices with a price list given to the organization, or taken from it, from its next call on', async () => {
    const valley = await productOk(F.customerPrice, { ...lifts, branchNumber: 201 }, VALLEY);
    const summit = await productOk(F.customerPrice, lifts);
    const setSummitList = (list: SQL) =>
      t.db.execute(sql`update organizations set price_list_id = ${list}
        where id = (select organization_id from users where email = ${ADMIN})`);
    await setSummitList(
      sql`(select price_list_id from organizations where id = (select organization_id from users where email = ${VALLEY}))`,
    );
    try {
      expect((await productOk(F.customerPrice, lifts)).price).toBe(valley.price);
      const cheapestFirst = await searchOk({ ...lifts, keywords: F.customerPrice, sort: 'price-asc' });
      expect(cheapestFirst.results.find((p) => p.sku === F.customerPrice)?.price).toBe(valley.price);
    } finally {
      await setSummitList(sql`null`);
    }
    expect((await productOk(F.customerPrice, lifts)).price).toBe(summit.price);
  });

  it('prices a product listed in two catalogs per catalog', async () => {
    const inLifts = await productOk(F.inBothCatalogs, lifts);
    const inShow = await productOk(F.inBothCatalogs, { ...lifts, catalog: 'show' });
    expect(inShow.price).not.toBe(inLifts.price);
    expect(inShow.catalog).toBe('show');
  });

  it('splits stock into in and outside the destination region', async () => {
    const sku = F.scheduledAvailability;
    for (const state of ['CO', 'GA', 'NY', 'TX']) {
      const p = await productOk(sku, { ...lifts, shipToState: state });
      expect(p.availability).toMatchObject(await expectedAvailability(sku, 'lifts', state));
    }
    const co = await productOk(sku, lifts);
    expect(co.availability.netAvailable).toBeGreaterThan(0);
  });

  it('ships the show catalog only from SHW2, and the others never from it', async () => {
    const sku = F.inBothCatalogs;
    const { rows } = await t.db.execute(sql`select warehouse_code as code, quantity from stock where sku = ${sku}`);
    const stock = rows as { code: string; quantity: number }[];
    const shw2 = stock.filter((s) => s.code === 'SHW2').reduce((n, s) => n + s.quantity, 0);
    const others = stock.filter((s) => s.code !== 'SHW2').reduce((n, s) => n + s.quantity, 0);
    expect(shw2).toBeGreaterThan(0);
    const inShow = await productOk(sku, { ...lifts, catalog: 'show' });
    expect(inShow.availability).toMatchObject({ netAvailable: shw2, inRegion: 0, outsideRegion: shw2 });
    const inLifts = await productOk(sku, lifts);
    expect(inLifts.availability.netAvailable).toBe(others);
  });

  it('lists scheduled receipts and the next receipt date', async () => {
    const p = await productOk(F.outOfStockWithReceipt, lifts);
    expect(p.availability.netAvailable).toBe(0);
    expect(p.scheduledAvailability.length).toBeGreaterThan(0);
    const dates = p.scheduledAvailability.map((r) => r.date);
    expect(dates).toEqual([...dates].sort());
    expect(p.availability.nextReceiptDate).toBe(dates[0]);
    expect(p.availability.nextReceiptDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const none = await productOk(F.outOfStock, lifts);
    expect(none.availability).toEqual({ netAvailable: 0, nextReceiptDate: null, inRegion: 0, outsideRegion: 0 });
    expect(none.scheduledAvailability).toEqual([]);
  });

  it('answers 404 for an unknown product or one of another catalog', async () => {
    expect((await product('NO-SUCH-SKU', lifts)).statusCode).toBe(404);
    expect((await product(FEATURED_SKUS.show.forkLiftNoFlatbed, lifts)).statusCode).toBe(404);
  });

  it('answers 404 for a foreign catalog and 403 for a foreign branch', async () => {
    expect((await product(F.forkLiftNoFlatbed, { ...lifts, catalog: 'show', branchNumber: 201 }, VALLEY)).statusCode).toBe(404);
    expect((await product(F.forkLiftNoFlatbed, { ...lifts, branchNumber: 102 }, BUYER)).statusCode).toBe(403);
  });

  it('answers 400 when the query is incomplete or malformed', async () => {
    expect((await product(F.forkLiftNoFlatbed, { catalog: 'lifts', branchNumber: '101' })).statusCode).toBe(400);
    expect((await product(F.forkLiftNoFlatbed, { ...lifts, branchNumber: 'x' })).statusCode).toBe(400);
    expect((await product(F.forkLiftNoFlatbed, { ...lifts, shipToState: 'ZZ' })).statusCode).toBe(400);
  });
});

describe('POST /api/catalog/products (cart refresh)', () => {
  it('answers the catalog products of the list in its order, without duplicates', async () => {
    const skus = [F.smallParcel, 'NOT-A-SKU', F.requiresFlatbed, FEATURED_SKUS.show.requiresFlatbed, F.smallParcel, F.liftGateOnly];
    const response = await batch({ ...lifts, skuList: skus });
    expect(response.statusCode).toBe(200);
    const products = response.json() as Product[];
    expect(products.map((p) => p.sku)).toEqual([F.smallParcel, F.requiresFlatbed, F.liftGateOnly]);
    const single = await productOk(F.requiresFlatbed, lifts);
    expect(products[1]).toEqual(single);
  });

  it('prices the batch like the product call, for restricted users too', async () => {
    const products = (await batch({ ...lifts, skuList: [F.msrpDiffersFromPrice] }, VIEWER)).json() as Product[];
    expect(products[0]!.price).toBe(products[0]!.msrp);
  });

  it('answers an empty list without state, branch or catalog, or for no SKUs', async () => {
    expect((await batch({ skuList: [F.smallParcel], catalog: 'lifts', branchNumber: 101 })).json()).toEqual([]);
    expect((await batch({ ...lifts, skuList: [] })).json()).toEqual([]);
  });

  it('answers 400 for a malformed list, 404 for a foreign catalog', async () => {
    expect((await batch({ ...lifts, skuList: 'ABC' })).statusCode).toBe(400);
    expect((await batch({ ...lifts, skuList: [F.smallParcel], catalog: 'show', branchNumber: 201 }, VALLEY)).statusCode).toBe(404);
  });

  // The visibility check runs inside the batch statement: the same answers as the separate check.
  it("resolves 'portal' to the user's first catalog, and answers 404 for an unknown one even when nothing matches", async () => {
    const viaFallback = (await batch({ ...lifts, catalog: 'portal', skuList: [F.smallParcel] })).json() as Product[];
    expect(viaFallback).toEqual([await productOk(F.smallParcel, lifts)]);
    expect((await batch({ ...lifts, catalog: 'nope', skuList: [F.smallParcel] })).statusCode).toBe(404);
    expect((await batch({ ...lifts, catalog: 'nope', skuList: ['NOT-A-SKU'] })).statusCode).toBe(404);
    expect((await batch({ ...lifts, skuList: ['NOT-A-SKU'] })).json()).toEqual([]);
  });

  it('prices the show catalog from SHW2 only in the batch too', async () => {
    const [inShow] = (await batch({ ...lifts, catalog: 'show', skuList: [F.inBothCatalogs] })).json() as Product[];
    expect(inShow).toEqual(await productOk(F.inBothCatalogs, { ...lifts, catalog: 'show' }));
    expect(inShow!.catalog).toBe('show');
  });
});

describe('GET /api/catalog/export', () => {
  const exportCsv = (query: Record<string, string>, email = ADMIN) =>
    t.request({ method: 'GET', url: '/api/catalog/export', query, token: tokens[email] });

  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(cell);
        cell = '';
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i++;
      } else cell += c;
    }
    return rows;
  }

  it('streams every product of the catalog as catalog_export.csv with the documented columns', async () => {
    const response = await exportCsv({ companyNumber: '1', branchNumber: '101', catalog: 'lifts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalog_export.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...CATALOG_EXPORT_COLUMNS]);
    expect(rows.length - 1).toBe(await catalogSize('lifts'));
    expect(rows.every((r) => r.length === CATALOG_EXPORT_COLUMNS.length)).toBe(true);

    const col = (name: (typeof CATALOG_EXPORT_COLUMNS)[number]) => CATALOG_EXPORT_COLUMNS.indexOf(name);
    const line = rows.find((r) => r[col('sku')] === F.msrpDiffersFromPrice)!;
    const p = await productOk(F.msrpDiffersFromPrice, lifts);
    expect(line[col('price')]).toBe(p.price.toFixed(2));
    expect(line[col('msrp')]).toBe(p.msrp.toFixed(2));
    expect(line[col('label')]).toBe(p.eCommerceInformation.label);
    expect(Number(line[col('netAvailable')])).toBe(p.availability.netAvailable);
    const skus = rows.slice(1).map((r) => r[col('sku')]);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('exports the show catalog and MSRP for a restricted user', async () => {
    const admin = parseCsv((await exportCsv({ branchNumber: '101', catalog: 'show' })).body);
    expect(admin.length - 1).toBe(await catalogSize('show'));
    // The viewer has no catalogExport role; give it one for this check only.
    await t.db.execute(sql`update users set roles = array_append(roles, 'catalogExport') where email = ${VIEWER}`);
    try {
      const viewer = parseCsv((await exportCsv({ branchNumber: '101', catalog: 'lifts' }, VIEWER)).body);
      const price = CATALOG_EXPORT_COLUMNS.indexOf('price');
      const msrp = CATALOG_EXPORT_COLUMNS.indexOf('msrp');
      expect(viewer.slice(1).every((r) => r[price] === r[msrp])).toBe(true);
    } finally {
      await t.db.execute(sql`update users set roles = array_remove(roles, 'catalogExport') where email = ${VIEWER}`);
    }
  });

  it('needs the catalogExport role, the caller’s branch and a visible catalog', async () => {
    expect((await exportCsv({ branchNumber: '101', catalog: 'lifts' }, BUYER)).statusCode).toBe(403);
    expect((await exportCsv({ branchNumber: '103', catalog: 'lifts' }, VALLEY)).statusCode).toBe(403);
    expect((await exportCsv({ branchNumber: '201', catalog: 'show' }, VALLEY)).statusCode).toBe(404);
    expect((await exportCsv({ branchNumber: '101' })).statusCode).toBe(400);
  });
});
