/**
 * The search structure (catalog_search and catalog_search_totals, drizzle/0006_catalog_search.sql)
 * stays in step with products, catalogs and prices: every write is seen by the next search, through
 * the API, with the per-process cache of ranked results in between (decision 008).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { catalogSearchResponseSchema, productBatchResponseSchema, productSchema, type CatalogSearchResponse } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const ADMIN = 'admin@summitlift.example.com';
const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };
const show = { catalog: 'show', shipToState: 'CO', branchNumber: 101 };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN);
});
afterAll(() => t.close());

const searchOk = async (body: Record<string, unknown>) => {
  const response = await t.request({ method: 'POST', url: '/api/catalog/search', payload: body, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CatalogSearchResponse;
};
const skusOf = (answer: CatalogSearchResponse) => answer.results.map((p) => p.sku);
const run = (statement: SQL) => t.db.execute(statement);

let serial = 0;
/** A new product with a unique word in its label (or wherever `text` puts it), listed in `catalogs`. */
async function addProduct(text: Partial<Record<'label' | 'model' | 'medium', string>>, catalogs: string[] = ['lifts']) {
  const sku = `TST-${String(++serial).padStart(4, '0')}`;
  await run(sql`INSERT INTO products (sku, brand, model, label, medium_description, msrp_cents)
    VALUES (${sku}, 'Testbrand', ${text.model ?? ''}, ${text.label ?? `Plain item ${serial}`}, ${text.medium ?? ''}, 10000)`);
  if (catalogs.length > 0)
    await run(
      sql`INSERT INTO catalog_products (catalog_id, sku) VALUES ${sql.join(
        catalogs.map((c) => sql`(${c}, ${sku})`),
        sql`, `,
      )}`,
    );
  return sku;
}

/** Rows of catalog_products without a search row, and search rows without a listing: both must be 0. */
async function expectInStep() {
  const { rows } = await run(sql`
    SELECT count(*)::int AS n FROM catalog_products cp FULL JOIN catalog_search s ON s.catalog_id = cp.catalog_id AND s.sku = cp.sku
    WHERE cp.sku IS NULL OR s.sku IS NULL`);
  expect(Number((rows[0] as { n: number }).n)).toBe(0);
  const totals = await run(sql`
    SELECT t.catalog_id, t.products, (SELECT count(*)::int FROM catalog_products cp WHERE cp.catalog_id = t.catalog_id) AS listed
    FROM catalog_search_totals t`);
  for (const row of totals.rows as { products: number; listed: number }[]) expect(row.products).toBe(row.listed);
}

let browseTotal: number;
beforeEach(async () => {
  browseTotal = (await searchOk(lifts)).totalResults;
});

describe('catalog_search follows every write', () => {
  it('holds one row per listed product after the seed', async () => {
    await expectInStep();
    const { rows } = await run(sql`SELECT count(*)::int AS n FROM catalog_products WHERE catalog_id = 'lifts'`);
    expect(browseTotal).toBe(Number((rows[0] as { n: number }).n));
  });

  it('finds a product as soon as a catalog lists it, and counts it when browsing', async () => {
    expect((await searchOk({ ...lifts, keywords: 'quokkalift' })).totalResults).toBe(0);
    const sku = await addProduct({ label: 'Quokkalift Service Jack' });
    const found = await searchOk({ ...lifts, keywords: 'quokkalift' });
    expect(skusOf(found)).toEqual([sku]);
    expect(found.results[0]!.eCommerceInformation.label).toBe('Quokkalift Service Jack');
    expect((await searchOk(lifts)).totalResults).toBe(browseTotal + 1);
    // Not listed in show: not found there.
    expect((await searchOk({ ...show, keywords: 'quokkalift' })).totalResults).toBe(0);
    await expectInStep();
  });

  it('does not find a product that is not listed in any catalog', async () => {
    await addProduct({ label: 'Wombatgear Unlisted' }, []);
    expect((await searchOk({ ...lifts, keywords: 'wombatgear' })).totalResults).toBe(0);
    expect((await searchOk(lifts)).totalResults).toBe(browseTotal);
  });

  it('follows a product whose label, model or descriptions change', async () => {
    const sku = await addProduct({ label: 'Platypus Bead Breaker' });
    expect(skusOf(await searchOk({ ...lifts, keywords: 'platypus' }))).toEqual([sku]);
    await run(sql`UPDATE products SET label = 'Echidna Bead Breaker', model = 'EB-77' WHERE sku = ${sku}`);
    expect((await searchOk({ ...lifts, keywords: 'platypus' })).totalResults).toBe(0);
    expect(skusOf(await searchOk({ ...lifts, keywords: 'echidna' }))).toEqual([sku]);
    expect(skusOf(await searchOk({ ...lifts, keywords: 'EB-77' }))).toContain(sku);
    await run(sql`UPDATE products SET medium_description = 'Rated for numbatfleet trucks.' WHERE sku = ${sku}`);
    expect(skusOf(await searchOk({ ...lifts, keywords: 'numbatfleet' }))).toEqual([sku]);
    await expectInStep();
  });

  it('follows a brand change for the brand filter', async () => {
    const sku = await addProduct({ label: 'Bandicoot Tire Spreader' });
    expect(skusOf(await searchOk({ ...lifts, brand: 'Testbrand', keywords: 'bandicoot' }))).toEqual([sku]);
    await run(sql`UPDATE products SET brand = 'Otherbrand' WHERE sku = ${sku}`);
    expect((await searchOk({ ...lifts, brand: 'Testbrand', keywords: 'bandicoot' })).totalResults).toBe(0);
    expect(skusOf(await searchOk({ ...lifts, brand: 'otherbrand' }))).toEqual([sku]);
  });

  it('drops a product a catalog no longer lists, and moves it with a changed listing', async () => {
    const sku = await addProduct({ label: 'Wallaby Wheel Dolly' });
    expect(skusOf(await searchOk({ ...lifts, keywords: 'wallaby' }))).toEqual([sku]);
    await run(sql`UPDATE catalog_products SET catalog_id = 'show' WHERE sku = ${sku}`);
    expect((await searchOk({ ...lifts, keywords: 'wallaby' })).totalResults).toBe(0);
    expect(skusOf(await searchOk({ ...show, keywords: 'wallaby' }))).toEqual([sku]);
    await expectInStep();
    await run(sql`DELETE FROM catalog_products WHERE sku = ${sku}`);
    expect((await searchOk({ ...show, keywords: 'wallaby' })).totalResults).toBe(0);
    expect((await searchOk(lifts)).totalResults).toBe(browseTotal);
    await expectInStep();
  });

  it('lists a product in two catalogs independently', async () => {
    const sku = await addProduct({ label: 'Koalabay Drain Pan' }, ['lifts', 'show']);
    expect(skusOf(await searchOk({ ...lifts, keywords: 'koalabay' }))).toEqual([sku]);
    expect(skusOf(await searchOk({ ...show, keywords: 'koalabay' }))).toEqual([sku]);
    await run(sql`DELETE FROM catalog_products WHERE sku = ${sku} AND catalog_id = 'show'`);
    expect(skusOf(await searchOk({ ...lifts, keywords: 'koalabay' }))).toEqual([sku]);
    expect((await searchOk({ ...show, keywords: 'koalabay' })).totalResults).toBe(0);
    await expectInStep();
  });

  it('keeps nothing of a write that is rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO products (sku, brand, label, msrp_cents) VALUES ('TST-ROLLBACK', 'Testbrand', 'Dingoline Press', 100)`,
        );
        await tx.execute(sql`INSERT INTO catalog_products (catalog_id, sku) VALUES ('lifts', 'TST-ROLLBACK')`);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await searchOk({ ...lifts, keywords: 'dingoline' })).totalResults).toBe(0);
    expect((await searchOk(lifts)).totalResults).toBe(browseTotal);
    await expectInStep();
  });

  it('lists a bulk import of many products in one statement', async () => {
    await run(sql`INSERT INTO products (sku, brand, label, msrp_cents)
      SELECT 'TST-BULK-' || lpad(n::text, 3, '0'), 'Testbrand', 'Cassowary Creeper ' || n, 5000 FROM generate_series(1, 120) n`);
    await run(
      sql`INSERT INTO catalog_products (catalog_id, sku) SELECT 'lifts', 'TST-BULK-' || lpad(n::text, 3, '0') FROM generate_series(1, 120) n`,
    );
    const page = await searchOk({ ...lifts, keywords: 'cassowary creeper', pageSize: 50, page: 3 });
    expect(page.totalResults).toBe(120);
    expect(page.results).toHaveLength(20);
    expect((await searchOk(lifts)).totalResults).toBe(browseTotal + 120);
    await expectInStep();
  });

  it('shows a changed price on the next search: prices are never cached', async () => {
    const sku = await addProduct({ label: 'Kookaburra Oil Drain' });
    const before = await searchOk({ ...lifts, keywords: 'kookaburra' });
    expect(before.results[0]!.price).toBe(100);
    await run(sql`INSERT INTO price_list_items (price_list_id, sku, price_cents)
      SELECT c.price_list_id, ${sku}, 7345 FROM catalogs c WHERE c.id = 'lifts'`);
    const after = await searchOk({ ...lifts, keywords: 'kookaburra' });
    expect(after.results[0]!.price).toBe(73.45);
    await run(sql`UPDATE price_list_items SET price_cents = 6100 WHERE sku = ${sku}`);
    expect((await searchOk({ ...lifts, keywords: 'kookaburra' })).results[0]!.price).toBe(61);
  });
});

describe('ranking on the stored document', () => {
  it('ranks a word in the model (weight B) above the same word in a description only (weight C)', async () => {
    const inDescription = await addProduct({ label: 'Spare part A', medium: 'Fits the tasmanix rack.' });
    const inModel = await addProduct({ label: 'Spare part B', model: 'Tasmanix' });
    expect(skusOf(await searchOk({ ...lifts, keywords: 'tasmanix' }))).toEqual([inModel, inDescription]);
  });

  it('ranks a label holding every word above a better text rank without it', async () => {
    const labelled = await addProduct({ label: 'Emuline Hose Reel' });
    const described = await addProduct({ label: 'Reel stand', model: 'Emuline', medium: 'Emuline emuline reel reel.' });
    expect(skusOf(await searchOk({ ...lifts, keywords: 'emuline reel' }))).toEqual([labelled, described]);
  });
});

describe('catalogs of a user with an own list', () => {
  it('sees only the listed catalogs, and the first of them for the fallback catalog', async () => {
    const { rows } = await run(sql`SELECT id FROM users WHERE email = ${ADMIN}`);
    const userId = (rows[0] as { id: number }).id;
    await run(sql`INSERT INTO user_catalogs (user_id, catalog_id) VALUES (${userId}, 'show')`);
    await run(sql`UPDATE users SET use_organization_catalogs = false WHERE id = ${userId}`);
    try {
      const refused = await t.request({ method: 'POST', url: '/api/catalog/search', payload: lifts, token });
      expect(refused.statusCode).toBe(404);
      const fallback = await searchOk({ ...lifts, catalog: 'portal' });
      expect(fallback.results[0]!.catalog).toBe('show');
      expect((await searchOk(show)).totalResults).toBe(fallback.totalResults);
    } finally {
      await run(sql`UPDATE users SET use_organization_catalogs = true WHERE id = ${userId}`);
      await run(sql`DELETE FROM user_catalogs WHERE user_id = ${userId}`);
    }
    expect((await searchOk({ ...lifts, catalog: 'portal' })).results[0]!.catalog).toBe('lifts');
  });
});

describe('answers serialized without zod (http/json-lists.ts)', () => {
  it('match their response schemas exactly, no field more or less', async () => {
    const answer = await searchOk({ ...lifts, keywords: 'lift', pageSize: 5 });
    expect(catalogSearchResponseSchema.parse(answer)).toEqual(answer);
    const sku = answer.results[0]!.sku;
    const one = await t.request({
      method: 'GET',
      url: `/api/catalog/product/${sku}`,
      query: { catalog: 'lifts', shipToState: 'CO', branchNumber: '101' },
      token,
    });
    expect(one.statusCode).toBe(200);
    expect(productSchema.parse(one.json())).toEqual(one.json());
    const list = await t.request({ method: 'POST', url: '/api/catalog/products', payload: { ...lifts, skuList: [sku] }, token });
    expect(list.statusCode).toBe(200);
    expect(productBatchResponseSchema.parse(list.json())).toEqual(list.json());
  });
});
