/**
 * Priced products kept per process (priced-cache.ts, migration 0013_catalog_data_revision.sql): a
 * kept answer is the same byte for byte as a priced one and costs no priced statement; a change of
 * any table a price or an availability is computed from, made by plain SQL as the CLI, an import or
 * another process would make it, is in the very next answer; callers with other pricing terms or
 * another destination state never share an answer.
 * These are the products priced in SQL: the in-process index is off here (it prices products in
 * memory where it can, and keeps nothing here: indexed-pricing.api.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CatalogSearchResponse, Product } from '@portal/domain';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { recordStatements } from '../../test-support/record-statements.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { pricedTextCacheOf } from './priced-cache.js';
import { productTextCacheOf } from './product-text-cache.js';
import { setSearchIndexEnabled } from './search-index-store.js';

const ADMIN = 'admin@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com'; // restrictedPricing: MSRP everywhere
const VALLEY = 'owner@valleygarage.example.com'; // Valley Garage: its own price list
const F = FEATURED_SKUS.lifts;
const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  setSearchIndexEnabled(false);
  t = await createTestApp();
  for (const email of [ADMIN, VIEWER, VALLEY]) tokens[email] = await t.login(email);
});
afterAll(async () => {
  await t.close();
  setSearchIndexEnabled(true);
});
beforeEach(() => {
  vi.restoreAllMocks();
  pricedTextCacheOf(t.db).clear();
});

type Query = { shipToState?: string; branchNumber?: number; email?: string };

const detailResponse = (sku: string, query: Query = {}) =>
  t.request({
    method: 'GET',
    url: `/api/catalog/product/${encodeURIComponent(sku)}`,
    query: { catalog: 'lifts', shipToState: query.shipToState ?? 'CO', branchNumber: String(query.branchNumber ?? 101) },
    token: tokens[query.email ?? ADMIN],
  });
const detail = async (sku: string, query: Query = {}) => {
  const response = await detailResponse(sku, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const product = async (sku: string, query: Query = {}) => JSON.parse(await detail(sku, query)) as Product;
const refresh = async (skuList: string[]) => {
  const response = await t.request({ method: 'POST', url: '/api/catalog/products', payload: { ...lifts, skuList }, token: tokens[ADMIN] });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const browse = async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/catalog/search',
    payload: { ...lifts, page: 2, pageSize: 5 },
    token: tokens[ADMIN],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

/** The priced statement is the only one that reads stock. */
const pricedStatements = (statements: string[]) => statements.filter((text) => /\bstock\b/.test(text));

const catalogPriceListId = async () =>
  ((await t.db.execute(sql`select price_list_id as id from catalogs where id = 'lifts'`)).rows[0] as { id: number }).id;
const dataRevision = async () =>
  ((await t.db.execute(sql`select revision::text as revision from catalog_data_revision`)).rows[0] as { revision: string } | undefined)
    ?.revision;

describe('priced products kept by the server', () => {
  it('answers the same bytes from memory as priced by the database, with no priced statement', async () => {
    const listed = [F.scheduledAvailability, F.msrpDiffersFromPrice, F.outOfStockWithReceipt];
    const skus = [listed[0]!, 'NO-SUCH-SKU', ...listed.slice(1)];
    const priced = { detail: await detail(F.severalImages), refresh: await refresh(skus), browse: await browse() };
    expect(pricedTextCacheOf(t.db).size).toBeGreaterThanOrEqual(4);
    expect((JSON.parse(priced.refresh) as Product[]).map((p) => p.sku)).toEqual(listed);

    const statements = recordStatements(t.db);
    const kept = { detail: await detail(F.severalImages), refresh: await refresh(listed), browse: await browse() };
    expect(pricedStatements(statements)).toEqual([]);
    expect(statements.length).toBeGreaterThan(0); // the visibility check (and the revision) still run every time
    expect(kept).toEqual(priced);
    // A SKU the catalog does not list is asked for again each time (nothing is kept for it).
    expect(await refresh(skus)).toBe(priced.refresh);

    // Some kept, some not: priced once more for the others only, the same answer.
    pricedTextCacheOf(t.db).clear();
    await refresh(skus.slice(0, 2));
    expect(await refresh(skus)).toBe(priced.refresh);
    // And a search page (ranked, then priced from memory) equals its products' details.
    const page = JSON.parse(priced.browse) as CatalogSearchResponse;
    expect(JSON.parse(await refresh(page.results.map((p) => p.sku)))).toEqual(page.results);
  });

  it('costs one statement either way: the visibility check with the pricing, or alone when every product is kept', async () => {
    const skus = [F.severalImages, F.scheduledAvailability];
    await refresh([]); // the session is looked up (and kept) before any statement is counted
    const first = recordStatements(t.db);
    const priced = await refresh(skus);
    // Not kept: the visibility check and the pricing in one statement.
    expect(first).toHaveLength(1);
    expect(pricedStatements(first)).toHaveLength(1);
    vi.restoreAllMocks();
    const again = recordStatements(t.db);
    expect(await refresh(skus)).toBe(priced);
    // Kept: the visibility check alone confirms the revision they were priced under.
    expect(again).toHaveLength(1);
    expect(pricedStatements(again)).toEqual([]);
    vi.restoreAllMocks();
    // A catalog the caller may not see is refused by the same one statement, kept or not.
    const hidden = recordStatements(t.db);
    const refused = await t.request({
      method: 'POST',
      url: '/api/catalog/products',
      payload: { ...lifts, catalog: 'no-such-catalog', skuList: [F.customerPrice] },
      token: tokens[ADMIN],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ messages: [{ field: '', message: 'The catalog was not found.' }] });
    expect(hidden).toHaveLength(1);
  });

  it('never answers one caller what another was priced: pricing terms and destination state are part of the key', async () => {
    const sku = F.customerPrice;
    const summit = await product(sku);
    const viewer = await product(sku, { email: VIEWER });
    const valley = await product(sku, { email: VALLEY, branchNumber: 201 });
    expect(viewer.price).toBe(viewer.msrp);
    expect(valley.price).toBeLessThan(summit.price);
    // Asked again, in another order, from memory: still each caller's own.
    expect((await product(sku, { email: VALLEY, branchNumber: 201 })).price).toBe(valley.price);
    expect((await product(sku, { email: VIEWER })).price).toBe(viewer.price);
    expect((await product(sku)).price).toBe(summit.price);

    const stocked = await stockedForColoradoOnly();
    const colorado = await product(stocked);
    const elsewhere = await product(stocked, { shipToState: 'ME' });
    expect(elsewhere.availability).not.toEqual(colorado.availability);
    expect((await product(stocked)).availability).toEqual(colorado.availability);
  });

  it('shows a change of price, MSRP, stock or receipts made by plain SQL in the next answer', async () => {
    const sku = F.msrpDiffersFromPrice;
    const before = await product(sku);
    const revision = await dataRevision();

    await t.db.execute(
      sql`update price_list_items set price_cents = 123456 where price_list_id = ${await catalogPriceListId()} and sku = ${sku}`,
    );
    expect(await dataRevision()).not.toBe(revision);
    expect((await product(sku)).price).toBe(1234.56);

    await t.db.execute(sql`update products set msrp_cents = 999900 where sku = ${sku}`);
    expect((await product(sku)).msrp).toBe(9999);

    await t.db.execute(sql`update stock set quantity = quantity + 3 where sku = ${sku}`);
    expect((await product(sku)).availability.netAvailable).toBeGreaterThan(before.availability.netAvailable);

    await t.db.execute(sql`insert into scheduled_receipts (warehouse_code, sku, quantity, receipt_date)
      select code, ${sku}, 4, '2031-01-02' from warehouses where code = 'B250'`);
    expect((await product(sku)).scheduledAvailability).toContainEqual({ availableQuantity: 4, date: '2031-01-02' });
  });

  it('keeps the revision through a rolled-back change, and moves it on a truncate', async () => {
    const sku = F.outOfStockWithReceipt;
    const before = await detail(sku);
    const revision = await dataRevision();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update stock set quantity = 500 where sku = ${sku}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await dataRevision()).toBe(revision);
    expect(await detail(sku)).toBe(before);

    await t.db.execute(sql`truncate scheduled_receipts`);
    expect(await dataRevision()).not.toBe(revision);
    expect((await product(sku)).scheduledAvailability).toEqual([]);
  });

  it('shows a change of warehouses or of the catalog itself in the next answer', async () => {
    const sku = F.scheduledAvailability;
    const before = await product(sku);
    expect(before.availability.inRegion).toBeGreaterThan(0);

    // No warehouse serves Colorado any more: all of the stock is outside the region.
    await t.db.execute(sql`update warehouses set region_states = array_remove(region_states, 'CO')`);
    const moved = await product(sku);
    expect(moved.availability.inRegion).toBe(0);
    expect(moved.availability.outsideRegion).toBe(before.availability.netAvailable);

    // The catalog priced from another list: MSRP for every product that list does not hold.
    await t.db.execute(sql`insert into price_lists (name) values ('Empty list for the test')`);
    await t.db.execute(sql`update catalogs set price_list_id = (select max(id) from price_lists) where id = 'lifts'`);
    expect((await product(F.msrpDiffersFromPrice)).price).toBe((await product(F.msrpDiffersFromPrice)).msrp);

    // A product the catalog no longer lists: gone from the refresh, 404 for the detail.
    expect(JSON.parse(await refresh([sku, F.smallParcel]))).toHaveLength(2);
    await t.db.execute(sql`delete from catalog_products where catalog_id = 'lifts' and sku = ${sku}`);
    expect((JSON.parse(await refresh([sku, F.smallParcel])) as Product[]).map((p) => p.sku)).toEqual([F.smallParcel]);
    expect((await detailResponse(sku)).statusCode).toBe(404);
  });

  it('keeps nothing while the revision row is missing, and answers right all the same', async () => {
    const sku = F.smallParcel;
    const priced = await detail(sku);
    await t.db.execute(sql`delete from catalog_data_revision`);
    pricedTextCacheOf(t.db).clear();
    expect(await detail(sku)).toBe(priced);
    expect(pricedTextCacheOf(t.db).size).toBe(0);
    await t.db.execute(sql`update stock set quantity = quantity + 1 where sku = ${sku}`);
    expect(await dataRevision()).toBeDefined(); // the next write makes the row again
    expect((await product(sku)).availability.netAvailable).toBe(
      (JSON.parse(priced) as Product).availability.netAvailable + (await stockRows(sku)),
    );
    expect(pricedTextCacheOf(t.db).size).toBe(1);
    expect(productTextCacheOf(t.db).get(sku)).toBeDefined();
  });
});

/** A lifts SKU in stock in a warehouse serving Colorado and in none serving Maine. */
async function stockedForColoradoOnly(): Promise<string> {
  const { rows } = await t.db.execute(sql`
    select k.sku from stock k join warehouses w on w.code = k.warehouse_code
    where 'CO' = any(w.region_states) and k.quantity > 0
      and exists (select 1 from catalog_products cp where cp.catalog_id = 'lifts' and cp.sku = k.sku)
      and not exists (select 1 from stock k2 join warehouses w2 on w2.code = k2.warehouse_code
                      where k2.sku = k.sku and 'ME' = any(w2.region_states) and k2.quantity > 0)
    order by k.sku limit 1`);
  return (rows[0] as { sku: string }).sku;
}

/** Stock rows of the SKU in warehouses the lifts catalog ships from (each got the same increase). */
async function stockRows(sku: string): Promise<number> {
  const { rows } = await t.db.execute(sql`
    select count(*)::int as n from stock s
    where s.sku = ${sku} and not exists (select 1 from catalogs c where c.ships_only_from = s.warehouse_code)`);
  return (rows[0] as { n: number }).n;
}
