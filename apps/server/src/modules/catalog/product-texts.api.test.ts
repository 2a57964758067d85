/**
 * The product texts a process keeps (product-text-cache.ts): answers are the same byte for byte
 * whether the texts come from the database or the cache, and a change of the product's row by any
 * writer (here plain SQL, as the CLI, an import or another process would write it) is in the very
 * next answer. Price and stock are kept apart (priced-cache.ts, priced-cache.api.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CatalogSearchResponse, Product } from '@portal/domain';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { productTextCacheOf } from './product-text-cache.js';
import { queryRows } from '../../db/query-rows.js';
import { pageBySkusSql, type ProductTextRow } from './repository.js';

const ADMIN = 'admin@summitlift.example.com';
const F = FEATURED_SKUS.lifts;
const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN);
});
afterAll(() => t.close());
beforeEach(() => productTextCacheOf(t.db).clear());

const detail = async (sku: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/catalog/product/${encodeURIComponent(sku)}`,
    query: { ...lifts, branchNumber: String(lifts.branchNumber) },
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const refresh = async (skuList: string[]) => {
  const response = await t.request({ method: 'POST', url: '/api/catalog/products', payload: { ...lifts, skuList }, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const revisionOf = async (sku: string) =>
  ((await t.db.execute(sql`select xmin::text as rev from product_texts where sku = ${sku}`)).rows[0] as { rev: string }).rev;

describe('product texts kept by the server', () => {
  it('answers the same bytes from the cache as from the database, in the order asked', async () => {
    const skus = [F.forkLiftNoFlatbed, F.msrpDiffersFromPrice, F.residential];
    const first = await refresh(skus);
    expect(productTextCacheOf(t.db).size).toBeGreaterThanOrEqual(3);
    // Some held, one not: the mixed answer is the same too.
    productTextCacheOf(t.db).set(F.msrpDiffersFromPrice, { rev: 'not-a-revision', head: 'x', tail: 'y' });
    expect(await refresh(skus)).toBe(first);
    expect(await refresh(skus)).toBe(first);
    expect((JSON.parse(first) as Product[]).map((p) => p.sku)).toEqual(skus);
  });

  it('leaves the texts out of the statement for the revisions the server holds, and only for those', async () => {
    const skus = [F.forkLiftNoFlatbed, F.msrpDiffersFromPrice];
    const held = [await revisionOf(F.forkLiftNoFlatbed), 'an older revision'];
    const catalogList = (await t.db.execute(sql`select price_list_id as id from catalogs where id = 'lifts'`)).rows[0] as { id: number };
    const ctx = {
      catalogId: 'lifts',
      catalogPriceListId: catalogList.id,
      organizationPriceListId: null,
      shipsOnlyFrom: null,
      restrictedPricing: false,
      productCount: 0,
      searchVersion: 0,
      dataRevision: null,
    };
    const statement = pageBySkusSql(ctx, 'CO', skus, held);
    const rows = await queryRows<ProductTextRow>(t.db, statement);
    expect(rows.map((r) => r.sku)).toEqual(skus);
    expect(rows[0]).toMatchObject({ rev: held[0], head: null, tail: null });
    expect(rows[1]!.head).toContain(`"sku":${JSON.stringify(F.msrpDiffersFromPrice)}`);
    expect(rows[1]!.tail).toContain('"eCommerceInformation"');
    for (const row of rows) expect(JSON.parse(row.body)).toHaveProperty('price');
  });

  it('shows a change of the product row made by plain SQL in the next answer', async () => {
    const before = JSON.parse(await detail(F.forkLiftNoFlatbed)) as Product;
    expect(productTextCacheOf(t.db).get(F.forkLiftNoFlatbed)).toBeDefined();
    await t.db.execute(sql`update products set long_description = 'Rewritten by hand.', brand = 'Renamed', weight = weight + 1
      where sku = ${F.forkLiftNoFlatbed}`);
    const after = JSON.parse(await detail(F.forkLiftNoFlatbed)) as Product;
    expect(after.brand).toBe('Renamed');
    expect(after.eCommerceInformation.longDescription).toBe('Rewritten by hand.');
    expect(after.shippingInformation.weight).toBe(before.shippingInformation.weight + 1);
    expect(productTextCacheOf(t.db).get(F.forkLiftNoFlatbed)?.rev).toBe(await revisionOf(F.forkLiftNoFlatbed));
  });

  it('reads price and stock on every call, with the texts kept', async () => {
    await detail(F.msrpDiffersFromPrice);
    await t.db.execute(sql`update products set msrp_cents = msrp_cents + 100 where sku = ${F.msrpDiffersFromPrice}`);
    const catalogList = (await t.db.execute(sql`select price_list_id as id from catalogs where id = 'lifts'`)).rows[0] as { id: number };
    await t.db.execute(
      sql`update price_list_items set price_cents = 123456 where price_list_id = ${catalogList.id} and sku = ${F.msrpDiffersFromPrice}`,
    );
    await t.db.execute(sql`update stock set quantity = quantity + 7 where sku = ${F.msrpDiffersFromPrice}`);
    const before = JSON.parse(await detail(F.msrpDiffersFromPrice)) as Product;
    const revision = await revisionOf(F.msrpDiffersFromPrice);
    expect(productTextCacheOf(t.db).get(F.msrpDiffersFromPrice)?.rev).toBe(revision);
    await t.db.execute(
      sql`update price_list_items set price_cents = 654321 where price_list_id = ${catalogList.id} and sku = ${F.msrpDiffersFromPrice}`,
    );
    await t.db.execute(sql`update stock set quantity = quantity + 5 where sku = ${F.msrpDiffersFromPrice}`);
    const after = JSON.parse(await detail(F.msrpDiffersFromPrice)) as Product;
    expect(await revisionOf(F.msrpDiffersFromPrice)).toBe(revision); // the texts were served from the cache
    expect(before.price).toBe(1234.56);
    expect(after.price).toBe(6543.21);
    expect(after.availability.netAvailable).toBe(before.availability.netAvailable + 5 * (await eligibleStockRows(F.msrpDiffersFromPrice)));
    expect(after.eCommerceInformation).toEqual(before.eCommerceInformation);
  });

  it('keeps the texts of a browsed page for the refresh that follows', async () => {
    const response = await t.request({ method: 'POST', url: '/api/catalog/search', payload: { ...lifts, page: 1, pageSize: 5 }, token });
    const page = response.json() as CatalogSearchResponse;
    const skus = page.results.map((p) => p.sku);
    for (const sku of skus) expect(productTextCacheOf(t.db).get(sku)).toBeDefined();
    expect(JSON.parse(await refresh(skus))).toEqual(page.results);
  });
});

/** Stock rows of the SKU in warehouses the lifts catalog ships from (each got the same increase). */
async function eligibleStockRows(sku: string): Promise<number> {
  const { rows } = await t.db.execute(sql`
    select count(*)::int as n from stock s
    where s.sku = ${sku} and not exists (select 1 from catalogs c where c.ships_only_from = s.warehouse_code)`);
  return (rows[0] as { n: number }).n;
}
