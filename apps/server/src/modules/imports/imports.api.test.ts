/**
 * The imports over the integration API: API-key refusals, CSV and JSON bodies, row errors (422 in
 * the contract's body, each naming its line or row) with nothing written, skipInvalid, unknown
 * targets (404), and the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { priceListItems, products, stock } from '../catalog/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createApiKey, revokeApiKey } from '../integration/index.js';

let t: TestApp;
let key: string;
let sku: string;
let priceListId: number;
beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'ERP imports')).key;
  const row = (
    await t.db.execute(
      sql`SELECT cp.sku, c.price_list_id FROM catalog_products cp JOIN catalogs c ON c.id = cp.catalog_id WHERE c.id = 'lifts' ORDER BY cp.sku LIMIT 1`,
    )
  ).rows[0] as { sku: string; price_list_id: number };
  sku = row.sku;
  priceListId = row.price_list_id;
});
afterAll(() => t.close());

const put = (url: string, payload: string | object, options: { key?: string | null; contentType?: string } = {}) => {
  const apiKey = options.key === undefined ? key : options.key;
  return t.app.inject({
    method: 'PUT',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: {
      'content-type': options.contentType ?? (typeof payload === 'string' ? 'text/csv' : 'application/json'),
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
  });
};

const ROUTES = ['/api/integration/catalogs/lifts/products', '/api/integration/stock', '/api/integration/price-lists/1'];

describe('API key', () => {
  it('refuses every import route without a key, with a wrong or revoked key and with a session token, writing nothing', async () => {
    const revoked = await createApiKey(t.db, 'old ERP');
    await revokeApiKey(t.db, revoked.id);
    const session = await t.login('admin@summitlift.example.com');
    for (const url of ROUTES) {
      for (const apiKey of [null, 'dpk_wrong', revoked.key, session]) {
        const response = await put(url, 'sku,price\nNOPE,1.00\n', { key: apiKey });
        expect(response.statusCode, `${url} ${apiKey}`).toBe(401);
        expect(response.json()).toHaveProperty('messages.0.message');
      }
    }
    expect(await t.db.select().from(products).where(eq(products.sku, 'NOPE'))).toEqual([]);
  });
});

describe('catalog products', () => {
  it('imports a CSV file and answers the counts; the same file again changes nothing', async () => {
    const file = 'sku,brand,label,msrp,price\r\nAPI-NEW-1,Acme,Api Lift,500.00,400.00\r\n';
    const first = await put('/api/integration/catalogs/lifts/products', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 1, inserted: 1, updated: 0, unchanged: 0, skipped: 0, messages: [] });
    const again = await put('/api/integration/catalogs/lifts/products', file, { contentType: 'text/csv; charset=utf-8' });
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });

    const admin = await t.login('admin@summitlift.example.com');
    const detail = await t.request({
      method: 'GET',
      url: '/api/catalog/product/API-NEW-1?catalog=lifts&branchNumber=101&shipToState=CO',
      token: admin,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ sku: 'API-NEW-1', msrp: 500, price: 400 });
  });

  it('reads the category column from CSV and JSON, keeps it when the column is left out, and refuses one over 100 characters', async () => {
    const url = '/api/integration/catalogs/lifts/products';
    const categoryOf = async () =>
      (await t.db.select({ category: products.category }).from(products).where(eq(products.sku, 'API-CAT-1')))[0]?.category;
    const csv = await put(url, 'sku,brand,label,msrp,category\nAPI-CAT-1,Acme,Category Lift,500.00, Two-Post Lifts \n');
    expect(csv.json()).toMatchObject({ inserted: 1 });
    expect(await categoryOf()).toBe('Two-Post Lifts');

    const json = await put(url, [{ sku: 'API-CAT-1', brand: 'Acme', label: 'Category Lift', msrp: 500, category: 'Heavy Lifts' }]);
    expect(json.json()).toMatchObject({ updated: 1 });
    expect(await categoryOf()).toBe('Heavy Lifts');
    const without = await put(url, [{ sku: 'API-CAT-1', brand: 'Acme', label: 'Category Lift', msrp: 500 }]);
    expect(without.json()).toMatchObject({ unchanged: 1 });
    expect(await categoryOf()).toBe('Heavy Lifts');

    const tooLong = await put(url, [{ sku: 'API-CAT-1', brand: 'Acme', label: 'Category Lift', msrp: 500, category: 'x'.repeat(101) }]);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ messages: [{ field: 'category', message: 'Row 1: The category is longer than 100 characters.' }] });
    expect(await categoryOf()).toBe('Heavy Lifts');

    const admin = await t.login('admin@summitlift.example.com');
    const exported = await t.request({
      method: 'GET',
      url: '/api/catalog/export?companyNumber=1&branchNumber=101&catalog=lifts',
      token: admin,
    });
    // category, then warrantyMonths (issue 37), end the export's columns.
    expect(exported.body.split('\r\n')[0]!.endsWith(',category,warrantyMonths')).toBe(true);
    expect(exported.body.split('\r\n').find((line) => line.startsWith('API-CAT-1,'))).toMatch(/,Heavy Lifts,\d*$/);
  });

  it('answers 422 naming each bad line, and writes nothing', async () => {
    const file = 'sku,brand,label,msrp\nAPI-OK-2,Acme,Fine,1.00\nAPI-BAD-3,Acme,,1.00\n';
    const response = await put('/api/integration/catalogs/lifts/products', file);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages: [{ field: 'label', message: 'Line 3: The label is required.' }] });
    expect(await t.db.select().from(products).where(eq(products.sku, 'API-OK-2'))).toEqual([]);

    const skipping = await put('/api/integration/catalogs/lifts/products?skipInvalid=true', file);
    expect(skipping.json()).toEqual({
      rows: 2,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      messages: [{ field: 'label', message: 'Line 3: The label is required.' }],
    });
  });

  it('answers 422 for a file with an unknown column, and 404 for an unknown catalog', async () => {
    const unknown = await put('/api/integration/catalogs/lifts/products', 'sku,brand,label,msrp,colour\nA,B,C,1.00,red\n');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().messages[0].message).toMatch(/^Unknown column "colour"/);
    const missing = await put('/api/integration/catalogs/nope/products', 'sku,brand,label,msrp\nA,B,C,1.00\n');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ messages: [{ field: '', message: 'No catalog has the id nope.' }] });
  });
});

describe('stock and prices', () => {
  it('imports stock from a JSON body, naming a bad row by its place in the array', async () => {
    const ok = await put('/api/integration/stock', [
      { sku, warehouse: 'W110', quantity: 12 },
      { sku, warehouse: 'C320', quantity: '3' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rows: 2, skipped: 0 });
    const stored = await t.db
      .select()
      .from(stock)
      .where(and(eq(stock.sku, sku), eq(stock.warehouseCode, 'W110')));
    expect(stored[0]!.quantity).toBe(12);

    const bad = await put('/api/integration/stock', [
      { sku, warehouse: 'W110', quantity: 99 },
      { sku: 'NO-SUCH', warehouse: 'W110', quantity: 1 },
      { sku, warehouse: 'C320', quantity: 1.5 },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().messages).toEqual([
      { field: 'sku', message: 'Row 2: No product has the SKU NO-SUCH.' },
      { field: 'quantity', message: 'Row 3: The quantity must be a whole number from 0 to 2147483647.' },
    ]);
    expect(
      (
        await t.db
          .select()
          .from(stock)
          .where(and(eq(stock.sku, sku), eq(stock.warehouseCode, 'W110')))
      )[0]!.quantity,
    ).toBe(12);
  });

  it('imports prices into a price list; an unknown price list is 404 and a wrong id 400', async () => {
    const response = await put(`/api/integration/price-lists/${priceListId}`, `sku,price\n${sku},321.09\n`);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = await t.db
      .select()
      .from(priceListItems)
      .where(and(eq(priceListItems.priceListId, priceListId), eq(priceListItems.sku, sku)));
    expect(item!.priceCents).toBe(32109);
    expect((await put('/api/integration/price-lists/999999', `sku,price\n${sku},1.00\n`)).statusCode).toBe(404);
    expect((await put('/api/integration/price-lists/abc', `sku,price\n${sku},1.00\n`)).statusCode).toBe(400);
  });
});

it('documents the three import routes in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  expect(doc.paths['/api/integration/catalogs/{id}/products']).toHaveProperty('put');
  expect(doc.paths['/api/integration/stock']).toHaveProperty('put');
  expect(doc.paths['/api/integration/price-lists/{id}']).toHaveProperty('put');
  const body = (doc.paths['/api/integration/stock']!.put as { requestBody: { content: Record<string, unknown> } }).requestBody;
  expect(Object.keys(body.content)).toEqual(expect.arrayContaining(['text/csv', 'application/json']));
});
