/**
 * Products priced by the in-process index (indexed-pricing.ts, stock-book.ts, drizzle/0034,
 * decision 026): every product call answers byte for byte what the priced statement answers, for
 * every caller's pricing terms and destination state, without that statement; and a change made by
 * plain SQL, as the CLI, an import or another process would make it, to stock, receipts, prices or
 * warehouses is in the very next answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Product } from '@portal/domain';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { recordStatements } from '../../test-support/record-statements.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { pricedTextCacheOf } from './priced-cache.js';
import { buildSearchIndexNow, setSearchIndexEnabled } from './search-index-store.js';

const ADMIN = 'admin@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com'; // restrictedPricing: MSRP everywhere
const VALLEY = 'owner@valleygarage.example.com'; // Valley Garage: its own price list
const F = FEATURED_SKUS.lifts;

type Ask = { email: string; catalog: string; shipToState: string; branchNumber: number; skus: string[] };

let t: TestApp;
const tokens: Record<string, string> = {};
let liftsSkus: string[] = [];
let showSkus: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, VIEWER, VALLEY]) tokens[email] = await t.login(email);
  const skusOf = async (catalog: string) =>
    ((await t.db.execute(sql`SELECT sku FROM catalog_products WHERE catalog_id = ${catalog} ORDER BY sku`)).rows as { sku: string }[]).map(
      (row) => row.sku,
    );
  liftsSkus = await skusOf('lifts');
  showSkus = await skusOf('show');
  await buildSearchIndexNow(t.db, 'lifts');
  await buildSearchIndexNow(t.db, 'show');
});
afterAll(() => t.close());

/** The body of POST /api/catalog/products as sent. */
async function productsText(ask: Ask): Promise<string> {
  const { email, skus, ...where } = ask;
  const response = await t.request({
    method: 'POST',
    url: '/api/catalog/products',
    payload: { ...where, skuList: skus },
    token: tokens[email],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** A statement that prices in SQL: only the priced statements write the scheduledAvailability member. */
const pricesInSql = (text: string) => text.includes('"scheduledAvailability"');

/** The answer priced by the index (no priced statement sent) and the same call priced in SQL. */
async function bothWays(ask: Ask): Promise<{ indexed: string; priced: string }> {
  const statements = recordStatements(t.db);
  const indexed = await productsText(ask).finally(() => vi.restoreAllMocks());
  expect(statements.filter(pricesInSql).map((text) => text.slice(0, 300))).toEqual([]);
  setSearchIndexEnabled(false);
  try {
    pricedTextCacheOf(t.db).clear();
    return { indexed, priced: await productsText(ask) };
  } finally {
    setSearchIndexEnabled(true);
  }
}

async function expectSameAsSql(ask: Ask): Promise<Product[]> {
  const { indexed, priced } = await bothWays(ask);
  expect(indexed).toBe(priced);
  return JSON.parse(indexed) as Product[];
}

const chunks = (skus: string[], size: number) =>
  Array.from({ length: Math.ceil(skus.length / size) }, (_, i) => skus.slice(i * size, (i + 1) * size));

describe('products priced by the in-process index', () => {
  it('answers every product of both catalogs as the priced statement does, for each pricing terms and state', async () => {
    const callers = [
      { email: ADMIN, branchNumber: 101 },
      { email: VIEWER, branchNumber: 101 },
      { email: VALLEY, branchNumber: 201 },
    ];
    let answered = 0;
    for (const caller of callers) {
      for (const shipToState of ['CO', 'CA', 'GA', 'NY']) {
        for (const skus of chunks(liftsSkus, 50))
          answered += (await expectSameAsSql({ ...caller, catalog: 'lifts', shipToState, skus })).length;
      }
    }
    // The show catalog ships only from SHW2, a warehouse reserved to it (Summit Lift Supply's).
    for (const email of [ADMIN, VIEWER])
      answered += (await expectSameAsSql({ email, branchNumber: 101, catalog: 'show', shipToState: 'CO', skus: showSkus })).length;
    expect(answered).toBe(3 * 4 * liftsSkus.length + 2 * showSkus.length);
    // The cases that make the JSON differ are among them: a customer price, receipts, MSRP above price.
    const [valley] = await expectSameAsSql({
      email: VALLEY,
      branchNumber: 201,
      catalog: 'lifts',
      shipToState: 'CO',
      skus: [F.customerPrice],
    });
    const [summit] = await expectSameAsSql({
      email: ADMIN,
      branchNumber: 101,
      catalog: 'lifts',
      shipToState: 'CO',
      skus: [F.customerPrice],
    });
    expect(valley!.price).toBeLessThan(summit!.price);
    const [scheduled] = await expectSameAsSql({ ...callers[0]!, catalog: 'lifts', shipToState: 'CO', skus: [F.scheduledAvailability] });
    expect(scheduled!.scheduledAvailability.length).toBeGreaterThan(0);
  });

  it('leaves out SKUs the catalog does not list and refuses a catalog the caller may not see', async () => {
    const skus = [F.scheduledAvailability, 'NO-SUCH-SKU', FEATURED_SKUS.show.outOfStock, F.outOfStockWithReceipt];
    const answer = await expectSameAsSql({ email: ADMIN, branchNumber: 101, catalog: 'lifts', shipToState: 'CO', skus });
    expect(answer.map((product) => product.sku)).toEqual([F.scheduledAvailability, F.outOfStockWithReceipt]);
    const refused = await t.request({
      method: 'POST',
      url: '/api/catalog/products',
      payload: { catalog: 'no-such-catalog', shipToState: 'CO', branchNumber: 101, skuList: [F.customerPrice] },
      token: tokens[ADMIN],
    });
    expect(refused.statusCode).toBe(404);
  });

  it('prices search pages and suggestions in memory too, the same answers as the priced statement', async () => {
    const asks = [
      {
        method: 'POST' as const,
        url: '/api/catalog/search',
        payload: { catalog: 'lifts', shipToState: 'GA', branchNumber: 101, keywords: 'lift', page: 1, pageSize: 20 },
      },
      {
        method: 'POST' as const,
        url: '/api/catalog/search',
        payload: { catalog: 'lifts', shipToState: 'CO', branchNumber: 101, sort: 'price-desc', page: 2, pageSize: 20 },
      },
      { method: 'GET' as const, url: '/api/catalog/suggest?q=post&catalog=lifts&shipToState=CO&branchNumber=101' },
    ];
    for (const email of [ADMIN, VIEWER]) {
      for (const ask of asks) {
        const statements = recordStatements(t.db);
        const indexed = await t.request({ ...ask, token: tokens[email] }).finally(() => vi.restoreAllMocks());
        expect(indexed.statusCode, indexed.body).toBe(200);
        expect(statements.filter(pricesInSql)).toEqual([]);
        setSearchIndexEnabled(false);
        try {
          pricedTextCacheOf(t.db).clear();
          expect(indexed.body).toBe((await t.request({ ...ask, token: tokens[email] })).body);
        } finally {
          setSearchIndexEnabled(true);
        }
      }
    }
  });

  it('answers a change of stock, receipts, prices or warehouses made by plain SQL in the very next call', async () => {
    const sku = F.scheduledAvailability;
    const ask: Ask = {
      email: ADMIN,
      branchNumber: 101,
      catalog: 'lifts',
      shipToState: 'CO',
      skus: [sku, F.customerPrice, F.msrpDiffersFromPrice],
    };
    const valleyAsk: Ask = { ...ask, email: VALLEY, branchNumber: 201 };
    const before = (await expectSameAsSql(ask))[0]!;

    // A quantity that moves without changing where the product is stocked (no stocked-warehouses stamp).
    await t.db.execute(sql`UPDATE stock SET quantity = quantity + 7 WHERE sku = ${sku} AND warehouse_code = 'B250'`);
    const restocked = (await expectSameAsSql(ask))[0]!;
    expect(restocked.availability.netAvailable).toBe(before.availability.netAvailable + 7);

    // Receipts on one date in two warehouses, summed; then one of them gone.
    await t.db.execute(sql`INSERT INTO scheduled_receipts (warehouse_code, sku, quantity, receipt_date)
      VALUES ('B250', ${sku}, 4, '2027-03-01'), ('W110', ${sku}, 5, '2027-03-01')`);
    const received = (await expectSameAsSql(ask))[0]!;
    expect(received.scheduledAvailability).toContainEqual({ availableQuantity: 9, date: '2027-03-01' });
    await t.db.execute(sql`DELETE FROM scheduled_receipts WHERE sku = ${sku} AND receipt_date = '2027-03-01' AND warehouse_code = 'W110'`);
    expect((await expectSameAsSql(ask))[0]!.scheduledAvailability).toContainEqual({ availableQuantity: 4, date: '2027-03-01' });

    // The catalog's price, the MSRP and the organization's own list.
    await t.db.execute(sql`UPDATE price_list_items SET price_cents = 123456 WHERE sku = ${F.msrpDiffersFromPrice}
      AND price_list_id = (SELECT price_list_id FROM catalogs WHERE id = 'lifts')`);
    await t.db.execute(sql`UPDATE products SET msrp_cents = 234567 WHERE sku = ${F.msrpDiffersFromPrice}`);
    const repriced = (await expectSameAsSql(ask))[2]!;
    expect([repriced.price, repriced.msrp]).toEqual([1234.56, 2345.67]);
    await t.db.execute(sql`UPDATE price_list_items SET price_cents = 1001 WHERE sku = ${F.customerPrice}
      AND price_list_id = (SELECT price_list_id FROM organizations WHERE name ILIKE 'Valley%')`);
    expect((await expectSameAsSql(valleyAsk))[1]!.price).toBe(10.01);

    // A warehouse that now serves the state: its stock counts in region.
    await t.db.execute(sql`UPDATE warehouses SET region_states = array_append(region_states, 'CO') WHERE code = 'S540'`);
    await t.db.execute(sql`INSERT INTO stock (warehouse_code, sku, quantity) VALUES ('S540', ${sku}, 11)
      ON CONFLICT (sku, warehouse_code) DO UPDATE SET quantity = 11`);
    const moved = (await expectSameAsSql(ask))[0]!;
    expect(moved.availability.inRegion).toBeGreaterThanOrEqual(11);
  });

  it('counts stock in warehouses added after the index was built, in memory, as the priced statement does', async () => {
    const sku = F.outOfStock;
    await t.db.execute(sql`INSERT INTO warehouses (code, name, region_states) VALUES
      ('X901', 'Extra 1', '{CO}'), ('X902', 'Extra 2', '{CO}'), ('X903', 'Extra 3', '{}')`);
    await t.db.execute(
      sql`INSERT INTO stock (warehouse_code, sku, quantity) VALUES ('X901', ${sku}, 1), ('X902', ${sku}, 2), ('X903', ${sku}, 4)`,
    );
    await t.db.execute(
      sql`INSERT INTO scheduled_receipts (warehouse_code, sku, quantity, receipt_date) VALUES ('X903', ${sku}, 8, '2027-01-02')`,
    );
    const [product] = await expectSameAsSql({
      email: ADMIN,
      branchNumber: 101,
      catalog: 'lifts',
      shipToState: 'CO',
      skus: [sku, F.scheduledAvailability],
    });
    expect(product!.availability).toMatchObject({ inRegion: 3, outsideRegion: 4, nextReceiptDate: '2027-01-02' });
  });
});
