/**
 * Decision 023: the in-process search index answers exactly what the SQL search answers. Random
 * searches drawn from the demo catalog's own words and SKUs (prefixes, typos, dashless SKUs, brand,
 * category and availability filters, every sort, several pages) are sent with the index and without
 * it (CATALOG_SEARCH_INDEX=off's switch), and their whole answers compared; so are suggestions and
 * ts_rank against PostgreSQL's own. Then the index follows price, stock and import changes, and a
 * second database handle (another server process) sees a change made through the first.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordStatements } from '../../test-support/record-statements.js';
import { sql } from 'drizzle-orm';
import { CATALOG_SORTS } from '@portal/domain/rules';
import type { CatalogSearchResponse } from '@portal/domain';
import { openDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { databaseUrlWith } from '../../test-support/global-setup.js';
import {
  buildSearchIndexNow,
  heldSearchIndex,
  holdBuildsUntil,
  searchIndexFor,
  setSearchIndexEnabled,
  SMALL_CATALOG,
} from './search-index-store.js';
import { parseTsQuery } from './tsquery.js';
import { pricingContextFor } from './catalog-access.js';
import { refreshFeatured } from './featured.js';
import { readIndexSnapshot } from './search-index-repository.js';
import { CatalogSearchIndex, IndexRowsBuilder } from './search-index.js';
import { compareBytes } from './tsquery.js';
import { movePopularityVersions, writePopularityBatch } from './search-repository.js';

const ADMIN = 'admin@summitlift.example.com';
const lifts = { catalog: 'lifts', shipToState: 'CO', branchNumber: 101 };

let t: TestApp;
let token: string;
let labels: string[];
let skus: string[];
let brands: string[];
let categories: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN);
  const rows = (await t.db.execute(sql`SELECT sku, label_key, brand, category FROM catalog_search WHERE catalog_id = 'lifts' ORDER BY sku`))
    .rows as { sku: string; label_key: string; brand: string; category: string }[];
  labels = rows.map((row) => row.label_key);
  skus = rows.map((row) => row.sku);
  brands = [...new Set(rows.map((row) => row.brand))];
  categories = [...new Set(rows.map((row) => row.category).filter(Boolean))];
});
afterAll(async () => {
  setSearchIndexEnabled(true);
  await t.close();
});

/** mulberry32, seeded: a failing draw can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(32);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const wordsOf = (label: string) => label.split(/\s+/).filter((w) => w.length >= 2);

/** A keyword text as dealers type them: label words, a prefix, a typo, a SKU in several shapes. */
function keywordsDrawn(): string {
  const label = pick(labels);
  const words = wordsOf(label);
  const sku = pick(skus);
  switch (Math.floor(random() * 8)) {
    case 0:
      return words.slice(0, 2).join(' ');
    case 1:
      return pick(words).slice(0, 2 + Math.floor(random() * 4));
    case 2: {
      const word = pick(words.filter((w) => w.length >= 5).concat(['scissor']));
      const at = Math.floor(random() * word.length);
      return word.slice(0, at) + word.slice(at + 1);
    }
    case 3:
      return sku.toLowerCase().replace(/[^a-z0-9]/g, '');
    case 4:
      return sku.slice(0, 3 + Math.floor(random() * 4));
    case 5:
      return sku;
    case 6:
      return `${pick(words)} ${pick(wordsOf(pick(labels)))}`;
    default:
      return pick([
        'lift',
        'two post',
        'tire-changer',
        'the',
        'a lift',
        '2 post',
        'heavy duty',
        'x',
        'two-post lift',
        'ap-10a two-post',
        'lift four-post',
      ]);
  }
}

function searchDrawn(): Record<string, unknown> {
  return {
    ...lifts,
    keywords: random() < 0.85 ? keywordsDrawn() : '',
    sort: random() < 0.3 ? undefined : pick(CATALOG_SORTS),
    brand: random() < 0.2 ? [pick(brands).toUpperCase()] : [],
    category: random() < 0.2 ? [pick(categories)] : [],
    availability: random() < 0.3 ? 'inRegion' : 'any',
    shipToState: pick(['CO', 'ID', 'AZ', 'CA', 'GA']),
    page: random() < 0.2 ? 2 : 1,
    pageSize: pick([5, 20, 50]),
  };
}

/**
 * Runs `test` on an app without a listening connection (SESSION_CACHE=off, or while it is broken),
 * its lifts index built: nothing brings a held index up to date before a search there.
 */
async function onUnheardApp(test: (on: { app: TestApp; token: string }) => Promise<void>): Promise<void> {
  const unheard = await createTestApp({ sessionCache: false });
  try {
    const on = { app: unheard, token: await unheard.login(ADMIN) };
    await buildSearchIndexNow(unheard.db, 'lifts');
    await test(on);
  } finally {
    await unheard.close();
  }
}

const searchWith = async (body: Record<string, unknown>, index: boolean, on: { app: TestApp; token: string } = { app: t, token }) => {
  setSearchIndexEnabled(index);
  try {
    const response = await on.app.request({ method: 'POST', url: '/api/catalog/search', payload: body, token: on.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogSearchResponse;
  } finally {
    setSearchIndexEnabled(true);
  }
};

describe('the index answers as the SQL search does', () => {
  it('for 120 random searches: totals, facets and every page', { timeout: 300_000 }, async () => {
    for (let i = 0; i < 120; i++) {
      const body = searchDrawn();
      const sqlAnswer = await searchWith(body, false);
      const indexAnswer = await searchWith(body, true);
      expect(indexAnswer, JSON.stringify(body)).toEqual(sqlAnswer);
    }
  });

  it('for 60 random suggestions', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 60; i++) {
      const q = keywordsDrawn();
      const url = `/api/catalog/suggest?q=${encodeURIComponent(q)}&catalog=lifts&shipToState=CO&branchNumber=101`;
      setSearchIndexEnabled(false);
      const sqlAnswer = (await t.request({ method: 'GET', url, token })).json();
      setSearchIndexEnabled(true);
      const indexAnswer = (await t.request({ method: 'GET', url, token })).json();
      expect(indexAnswer, q).toEqual(sqlAnswer);
    }
  });

  it('orders a browse by price itself, as SQL does, with and without the in-region filter', { timeout: 120_000 }, async () => {
    const index = (await buildSearchIndexNow(t.db, 'lifts'))!;
    for (const sort of ['price-asc', 'price-desc'] as const)
      for (const inRegionOnly of [false, true])
        for (const window of [
          { limit: 20, offset: 0 },
          { limit: 5, offset: 35 },
        ]) {
          const filter = { keywords: '', brands: [], categories: [], inRegionOnly };
          const skus = index.page('all', null, undefined, { filter, region: index.regionBits('CO'), sort, price: 'catalog' }, window);
          // Not left to SQL (null): the index orders it.
          expect(skus, `${sort} ${inRegionOnly}`).not.toBeNull();
          const body = { ...lifts, keywords: '', sort, availability: inRegionOnly ? 'inRegion' : 'any', pageSize: window.limit };
          const page = window.offset / window.limit + 1;
          const sqlAnswer = await searchWith({ ...body, page }, false);
          expect(skus, `${sort} ${inRegionOnly}`).toEqual(sqlAnswer.results.map((product) => product.sku));
          expect(await searchWith({ ...body, page }, true)).toEqual(sqlAnswer);
        }
  });

  it('ranks as ts_rank does, to the last bit', { timeout: 120_000 }, async () => {
    const index = (await buildSearchIndexNow(t.db, 'lifts'))!;
    for (const text of [
      "'lift':*",
      "'two':* & 'post':*",
      "( 'scisor':* | 'scissor':* ) & 'lift':*",
      "'tire':* <-> 'changer':*",
      "'heavi':* & 'duti':* & 'lift':*",
      // calc_rank_or over three terms: the sum divided by 3 is rounded to float4.
      "'two':* | 'post':* | 'lift':*",
    ]) {
      const rows = (
        await t.db.execute(
          sql`SELECT sku, ts_rank(document, ${text}::tsquery)::float8 AS rank FROM catalog_search WHERE catalog_id = 'lifts'`,
        )
      ).rows as { sku: string; rank: number }[];
      const query = parseTsQuery(text);
      if (query === null || query === 'empty') throw new Error(text);
      for (const asked of ['each', 'together'] as const) {
        // 'together': every product's key read off the posting lists at once, as a broad search does.
        const ranks = index.ranksOf(
          query,
          rows.map((row) => row.sku),
          asked,
        );
        rows.forEach((row, k) => expect(ranks[k], `${text} ${row.sku} ${asked}`).toBe(row.rank));
      }
    }
  });
});

describe('a search on the index this process holds', () => {
  it('costs one statement, two with a word of no label, and equals the search that reads the catalog first', async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    // The caller's catalog and terms are seen once (and the synonyms of this version read).
    await searchWith({ ...lifts, keywords: 'lift' }, true);
    const browse = { ...lifts, keywords: '', sort: 'price-desc', availability: 'inRegion', page: 2, pageSize: 5 };
    const statements = recordStatements(t.db);
    const held = await searchWith(browse, true);
    // The visibility check, the version and revision, and the page's prices: one statement.
    expect(statements).toHaveLength(1);
    vi.restoreAllMocks();
    const withKeywords = recordStatements(t.db);
    await searchWith({ ...lifts, keywords: 'two pos' }, true);
    // Words of the labels and their prefixes: their tsquery is read from the terms learnt with the
    // index (tsquery-readings.ts), so the same one statement.
    expect(withKeywords).toHaveLength(1);
    vi.restoreAllMocks();
    const withOtherWord = recordStatements(t.db);
    await searchWith({ ...lifts, keywords: 'two quixotic' }, true);
    // A word of no label: its term is read first, then the same one statement.
    expect(withOtherWord).toHaveLength(2);
    vi.restoreAllMocks();
    const again = recordStatements(t.db);
    await searchWith({ ...lifts, keywords: 'post quixotic' }, true);
    // Now kept.
    expect(again).toHaveLength(1);
    vi.restoreAllMocks();
    expect(held).toEqual(await searchWith(browse, false));
  });

  it('is not answered once the revision it read is newer than the index: the search reads again', async () => {
    // Nothing brings the held index up to date before the search: the statement reads a newer
    // revision than it has.
    await onUnheardApp(async (on) => {
      const body = { ...lifts, keywords: '', sort: 'price-asc', pageSize: 3 };
      const before = await searchWith(body, true, on);
      const last = (await searchWith({ ...body, sort: 'price-desc' }, true, on)).results[0]!;
      await on.app.db.execute(sql`
        UPDATE price_list_items SET price_cents = 2 WHERE sku = ${last.sku}
          AND price_list_id = (SELECT price_list_id FROM catalogs WHERE id = 'lifts')`);
      const statements = recordStatements(on.app.db);
      const moved = await searchWith(body, true, on);
      vi.restoreAllMocks();
      // The held index answered a page of the old prices; the revision read with it was newer, so the
      // search read the catalog, caught the index up and ordered again.
      expect(statements.length).toBeGreaterThan(1);
      expect(moved.results[0]!.sku).toBe(last.sku);
      expect(moved.results[1]!.sku).toBe(before.results[0]!.sku);
      expect(moved).toEqual(await searchWith(body, false, on));
    });
  });

  it('does not list a product the catalog stopped listing, nor keep its price for a product call', async () => {
    // The held index's page is read without checking each SKU's listing (visibleTextsBySkusSql):
    // the search version read with it says whether the listing is still the index's.
    await onUnheardApp(async (on) => {
      const body = { ...lifts, keywords: '', sort: 'sku', pageSize: 5 };
      const removed = (await searchWith(body, true, on)).results[0]!.sku;
      await on.app.db.execute(sql`DELETE FROM catalog_products WHERE catalog_id = 'lifts' AND sku = ${removed}`);
      // Another state: nothing of this page is priced for it yet, so the held index's page is priced.
      const elsewhere = { ...body, shipToState: 'ID' };
      const statements = recordStatements(on.app.db);
      const after = await searchWith(elsewhere, true, on);
      vi.restoreAllMocks();
      // The visibility check, with the page's texts (the index prices them: indexed-pricing.ts).
      expect(statements.some((text) => text.includes('organization_catalogs') && text.includes('product_texts'))).toBe(true);
      expect(after.results.map((product) => product.sku)).not.toContain(removed);
      expect(after).toEqual(await searchWith(elsewhere, false, on));
      const detail = await on.app.request({
        method: 'GET',
        url: `/api/catalog/product/${encodeURIComponent(removed)}?catalog=lifts&shipToState=ID&branchNumber=101`,
        token: on.token,
      });
      expect(detail.statusCode, detail.body).toBe(404);
    });
  });

  it('leaves out of a cart refresh and a product call what the catalog does not list, in one statement, by the held index', async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    const listed = [skus[0]!, skus[1]!];
    const { rows } = await t.db.execute(sql`
      SELECT sku FROM catalog_products WHERE catalog_id = 'show'
        AND sku NOT IN (SELECT sku FROM catalog_products WHERE catalog_id = 'lifts') ORDER BY sku LIMIT 1`);
    const showOnly = (rows[0] as { sku: string }).sku;
    const refresh = () =>
      t.request({
        method: 'POST',
        url: '/api/catalog/products',
        payload: { ...lifts, skuList: [listed[0], showOnly, 'NOT-A-SKU', listed[1]] },
        token,
      });
    await refresh();
    const statements = recordStatements(t.db);
    const response = await refresh();
    vi.restoreAllMocks();
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { sku: string }[]).map((product) => product.sku)).toEqual(listed);
    // The visibility check and the products' texts; the index at the version read leaves out the
    // show catalog's product, with no lookup of each SKU's listing and no second, SQL-priced statement.
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain('catalog_products');
    setSearchIndexEnabled(false);
    try {
      expect(response.body).toBe((await refresh()).body);
    } finally {
      setSearchIndexEnabled(true);
    }
    const detail = await t.request({
      method: 'GET',
      url: `/api/catalog/product/${encodeURIComponent(showOnly)}?catalog=lifts&shipToState=CO&branchNumber=101`,
      token,
    });
    expect(detail.statusCode, detail.body).toBe(404);
  });

  it('hears the data revision move and catches up before ordering, so the search after costs one statement', async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    const body = { ...lifts, keywords: '', sort: 'price-asc', pageSize: 3 };
    const before = await searchWith(body, true);
    const last = (await searchWith({ ...body, sort: 'price-desc' }, true)).results[0]!;
    await t.db.execute(sql`
      UPDATE price_list_items SET price_cents = 1 WHERE sku = ${last.sku}
        AND price_list_id = (SELECT price_list_id FROM catalogs WHERE id = 'lifts')`);
    const [now] = (await t.db.execute(sql`SELECT revision::text AS revision FROM catalog_data_revision WHERE id = 1`)).rows as {
      revision: string;
    }[];
    // No search in between: the notification of the commit marks the held index behind, and the
    // next use of it catches it up first (else it stays at the old revision and this times out).
    await vi.waitFor(async () => expect(String((await heldSearchIndex(t.db, 'lifts'))?.revision)).toBe(now!.revision), {
      timeout: 5_000,
    });
    const statements = recordStatements(t.db);
    const moved = await searchWith(body, true);
    vi.restoreAllMocks();
    expect(statements).toHaveLength(1);
    expect(moved.results[0]!.sku).toBe(last.sku);
    expect(moved.results[1]!.sku).toBe(before.results[0]!.sku);
    expect(moved).toEqual(await searchWith(body, false));
  });
});

describe("a start's first 'Featured' recount", () => {
  it("holds a large catalog's build on a search's demand until it is done: the search runs in SQL meanwhile", async () => {
    const fresh = await createTestApp();
    try {
      // A large catalog as the store sees it (the demo catalog is small, built while the search waits).
      const large = { ...(await contextOn(fresh.db)), productCount: SMALL_CATALOG + 1 };
      let recounted!: () => void;
      holdBuildsUntil(fresh.db, new Promise<void>((resolve) => (recounted = resolve)));
      expect(await searchIndexFor(fresh.db, large)).toBeUndefined();
      // No build started: the demo catalog builds in milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await heldSearchIndex(fresh.db, 'lifts')).toBeUndefined();
      recounted();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await searchIndexFor(fresh.db, large)).toBeUndefined(); // starts the build, answers in SQL this time
      await vi.waitFor(async () => expect(await heldSearchIndex(fresh.db, 'lifts')).toBeDefined(), { timeout: 10_000 });
    } finally {
      await fresh.close();
    }
  });
});

describe('a build', () => {
  it('reads the rows through a cursor in batches, in SKU byte order, and builds the index a single read would', async () => {
    const batches: number[] = [];
    const skusRead: string[] = [];
    let builder: IndexRowsBuilder | undefined;
    await readIndexSnapshot(t.db, 'lifts', {
      rowsPerBatch: 7,
      rowsTo: (warehouses) => {
        builder = new IndexRowsBuilder(warehouses);
        return {
          add: (rows) => {
            batches.push(rows.length);
            skusRead.push(...rows.map((row) => row.sku));
            builder!.add(rows);
          },
        };
      },
    });
    expect(batches.length).toBeGreaterThan(10);
    expect(batches.slice(0, -1).every((size) => size === 7)).toBe(true);
    expect(skusRead).toEqual([...skus].sort(compareBytes));
    const batched = await CatalogSearchIndex.finish(builder!);
    const index = (await buildSearchIndexNow(t.db, 'lifts'))!;
    expect(batched.skus).toEqual(index.skus);
    expect(batched.vocabularyWords()).toEqual(index.vocabularyWords());
    const region = index.regionBits('CO');
    for (const sort of ['featured', 'name', 'sku', 'price-asc'] as const) {
      const request = { filter: { keywords: '', brands: [], categories: [], inRegionOnly: true }, region, sort, price: 'catalog' as const };
      expect(batched.page('all', null, undefined, request, { limit: 20, offset: 0 })).toEqual(
        index.page('all', null, undefined, request, { limit: 20, offset: 0 }),
      );
    }
  });
});

describe("a 'Featured' recount", () => {
  const featuredBrowse = { ...lifts, keywords: '', sort: 'featured', pageSize: 5 };
  const heldIndex = async () => (await heldSearchIndex(t.db, 'lifts'))!.index;

  it('moves the featured order in the index the process holds, without building it again', async () => {
    await searchWith(featuredBrowse, true);
    const held = await heldIndex();
    const [last] = (await t.db.execute(sql`SELECT sku FROM catalog_search WHERE catalog_id = 'lifts' ORDER BY sku DESC LIMIT 1`)).rows as {
      sku: string;
    }[];
    // A recount that finds the catalog's last SKU the most ordered (the writes refreshFeatured makes).
    await writePopularityBatch(t.db, [{ catalog_id: 'lifts', sku: last!.sku, popularity: 100_000 }]);
    await movePopularityVersions(t.db, ['lifts']);
    const moved = await searchWith(featuredBrowse, true);
    expect(moved.results[0]!.sku).toBe(last!.sku);
    expect(moved).toEqual(await searchWith(featuredBrowse, false));
    // Suggestions rank word matches by popularity too.
    const suggested = async (index: boolean) => {
      setSearchIndexEnabled(index);
      try {
        return (
          await t.request({ method: 'GET', url: '/api/catalog/suggest?q=lift&catalog=lifts&shipToState=CO&branchNumber=101', token })
        ).json();
      } finally {
        setSearchIndexEnabled(true);
      }
    };
    expect(await suggested(true)).toEqual(await suggested(false));
    expect(await heldIndex()).toBe(held);
    // The real recount puts the count back: the index follows again, still the same one.
    expect((await refreshFeatured(t.db)).changedRows).toBeGreaterThan(0);
    const back = await searchWith(featuredBrowse, true);
    expect(back.results[0]!.sku).not.toBe(last!.sku);
    expect(back).toEqual(await searchWith(featuredBrowse, false));
    expect(await heldIndex()).toBe(held);
  });

  it("is waited for by a large catalog's search, where a change of its listings is not", async () => {
    await searchWith(featuredBrowse, true);
    const held = await heldIndex();
    const large = async () => ({ ...(await contextOn(t.db)), productCount: SMALL_CATALOG + 1 });
    const [first] = (await t.db.execute(sql`SELECT sku FROM catalog_search WHERE catalog_id = 'lifts' ORDER BY sku LIMIT 1`)).rows as {
      sku: string;
    }[];
    await writePopularityBatch(t.db, [{ catalog_id: 'lifts', sku: first!.sku, popularity: 7 }]);
    await movePopularityVersions(t.db, ['lifts']);
    expect(await searchIndexFor(t.db, await large())).toBe(held);
    // A text change moves the content version: built again, and the large catalog's search runs in SQL meanwhile.
    await t.db.execute(sql`UPDATE products SET label = label || ' revised' WHERE sku = ${first!.sku}`);
    expect(await searchIndexFor(t.db, await large())).toBeUndefined();
    await vi.waitFor(async () => expect((await heldSearchIndex(t.db, 'lifts'))!.index).not.toBe(held), { timeout: 10_000 });
    await refreshFeatured(t.db);
  });
});

describe("an organization's own price list", () => {
  const VALLEY = 'owner@valleygarage.example.com';
  const valleyLifts = { catalog: 'lifts', shipToState: 'CA', branchNumber: 201 };
  let valley: { app: TestApp; token: string };
  let listId: number;

  beforeAll(async () => {
    valley = { app: t, token: await t.login(VALLEY) };
    const [row] = (
      await t.db.execute(
        sql`SELECT o.price_list_id AS id FROM organizations o JOIN users u ON u.organization_id = o.id WHERE u.email = ${VALLEY}`,
      )
    ).rows as { id: number | null }[];
    expect(row?.id).not.toBeNull();
    listId = row!.id!;
  });

  const heldIndex = async () => (await heldSearchIndex(t.db, 'lifts'))!.index;

  it('orders price sorts in the index, as SQL does, for 40 random searches', { timeout: 300_000 }, async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    for (let i = 0; i < 40; i++) {
      const body = {
        ...searchDrawn(),
        ...valleyLifts,
        sort: pick(['price-asc', 'price-desc'] as const),
        shipToState: pick(['CA', 'CO', 'AZ']),
      };
      const sqlAnswer = await searchWith(body, false, valley);
      const indexAnswer = await searchWith(body, true, valley);
      expect(indexAnswer, JSON.stringify(body)).toEqual(sqlAnswer);
    }
    // Ordered by the index, not left to SQL: the list is held.
    expect((await heldIndex()).holdsOrganizationPrices(listId)).toBe(true);
  });

  it("follows a change of the list's items: the product moves at once", async () => {
    const body = { ...valleyLifts, keywords: 'lift', sort: 'price-asc', pageSize: 5 };
    const first = await searchWith(body, true, valley);
    expect((await heldIndex()).holdsOrganizationPrices(listId)).toBe(true);
    const last = (await searchWith({ ...body, sort: 'price-desc' }, true, valley)).results[0]!;
    await t.db.execute(sql`
      INSERT INTO price_list_items (price_list_id, sku, price_cents) VALUES (${listId}, ${last.sku}, 1)
      ON CONFLICT (price_list_id, sku) DO UPDATE SET price_cents = 1`);
    const moved = await searchWith(body, true, valley);
    expect(moved.results[0]!.sku).toBe(last.sku);
    expect(moved.results[0]!.price).toBe(0.01);
    expect(moved.results[1]!.sku).toBe(first.results[0]!.sku);
    expect(moved).toEqual(await searchWith(body, false, valley));
    // The catalog's own callers still see the catalog price order.
    const admin = await searchWith({ ...lifts, keywords: 'lift', sort: 'price-asc', pageSize: 5 }, true);
    expect(admin.results[0]!.sku).not.toBe(last.sku);
  });

  it('follows a catalog price change of a product the list does not name', async () => {
    const body = { ...valleyLifts, keywords: '', sort: 'price-desc', pageSize: 3 };
    await searchWith(body, true, valley);
    const [unlisted] = (
      await t.db.execute(sql`
        SELECT s.sku FROM catalog_search s WHERE s.catalog_id = 'lifts'
          AND NOT EXISTS (SELECT 1 FROM price_list_items i WHERE i.price_list_id = ${listId} AND i.sku = s.sku)
        ORDER BY s.sku LIMIT 1`)
    ).rows as { sku: string }[];
    await t.db.execute(sql`
      INSERT INTO price_list_items (price_list_id, sku, price_cents)
      SELECT c.price_list_id, ${unlisted!.sku}, 99999999 FROM catalogs c WHERE c.id = 'lifts'
      ON CONFLICT (price_list_id, sku) DO UPDATE SET price_cents = 99999999`);
    const moved = await searchWith(body, true, valley);
    expect(moved.results[0]!.sku).toBe(unlisted!.sku);
    expect(moved).toEqual(await searchWith(body, false, valley));
  });
});

describe('the index follows the database', () => {
  it('follows a stock change: the availability counts move at once', async () => {
    const before = await searchWith({ ...lifts, keywords: '', availability: 'inRegion' }, true);
    const [unstocked] = (
      await t.db.execute(sql`SELECT sku FROM catalog_search WHERE catalog_id = 'lifts' AND stocked_warehouses = '{}' ORDER BY sku LIMIT 1`)
    ).rows as { sku: string }[];
    const [serving] = (
      await t.db.execute(sql`SELECT code FROM warehouses WHERE 'CO' = ANY(region_states) AND code <> 'SHW2' ORDER BY code LIMIT 1`)
    ).rows as { code: string }[];
    expect(unstocked && serving).toBeTruthy();
    await t.db.execute(sql`INSERT INTO stock (warehouse_code, sku, quantity) VALUES (${serving!.code}, ${unstocked!.sku}, 3)
      ON CONFLICT (warehouse_code, sku) DO UPDATE SET quantity = 3`);
    const after = await searchWith({ ...lifts, keywords: '', availability: 'inRegion' }, true);
    expect(after.totalResults).toBe(before.totalResults + 1);
    expect(after).toEqual(await searchWith({ ...lifts, keywords: '', availability: 'inRegion' }, false));
  });

  it('follows a price change of the catalog list: price orders move at once', async () => {
    const body = { ...lifts, keywords: 'lift', sort: 'price-asc', pageSize: 5 };
    const first = await searchWith(body, true);
    const last = (await searchWith({ ...body, sort: 'price-desc' }, true)).results[0]!;
    await t.db.execute(sql`
      INSERT INTO price_list_items (price_list_id, sku, price_cents)
      SELECT c.price_list_id, ${last.sku}, 1 FROM catalogs c WHERE c.id = 'lifts'
      ON CONFLICT (price_list_id, sku) DO UPDATE SET price_cents = 1`);
    const moved = await searchWith(body, true);
    expect(moved.results[0]!.sku).toBe(last.sku);
    expect(moved.results[1]!.sku).toBe(first.results[0]!.sku);
    expect(moved).toEqual(await searchWith(body, false));
  });

  it('follows an import: a newly listed product is found', async () => {
    await t.db.execute(
      sql`INSERT INTO products (sku, brand, label, category, msrp_cents) VALUES ('IDX-NEW-1', 'Indexco', 'Quokkalift platform', 'Gizmos', 1000)`,
    );
    await t.db.execute(sql`INSERT INTO catalog_products (catalog_id, sku) VALUES ('lifts', 'IDX-NEW-1')`);
    const answer = await searchWith({ ...lifts, keywords: 'quokkalift' }, true);
    expect(answer.results.map((p) => p.sku)).toEqual(['IDX-NEW-1']);
    expect((await searchWith({ ...lifts, keywords: 'idxnew' }, true)).results[0]?.sku).toBe('IDX-NEW-1');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'is followed by a second process: a change made through one handle is seen through another',
    async () => {
      const { name } = (await t.db.execute(sql`SELECT current_database() AS name`)).rows[0] as { name: string };
      const other = await openDatabase({ kind: 'postgres', url: databaseUrlWith(process.env.DATABASE_URL!, name), poolSize: 2 });
      try {
        await buildSearchIndexNow(other.db, 'lifts');
        const [row] = (await t.db.execute(sql`SELECT sku FROM catalog_search WHERE catalog_id = 'lifts' ORDER BY sku DESC LIMIT 1`))
          .rows as { sku: string }[];
        await t.db.execute(sql`UPDATE stock SET quantity = 0 WHERE sku = ${row!.sku}`);
        await t.db.execute(
          sql`INSERT INTO stock (warehouse_code, sku, quantity) SELECT code, ${row!.sku}, 0 FROM warehouses ON CONFLICT DO NOTHING`,
        );
        const ctx = await contextOn(other.db);
        const index = (await searchIndexFor(other.db, ctx))!;
        expect(index).toBeDefined();
        expect(index.stockedCodes(row!.sku)).toEqual([]);
        await t.db.execute(
          sql`UPDATE stock SET quantity = 9 WHERE sku = ${row!.sku} AND warehouse_code = (SELECT min(code) FROM warehouses)`,
        );
        const again = (await searchIndexFor(other.db, await contextOn(other.db)))!;
        expect(again.stockedCodes(row!.sku)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});

/** The lifts catalog's context as a search on `db` reads it (version and data revision included). */
async function contextOn(db: TestApp['db']) {
  const [user] = (await db.execute(sql`SELECT u.id, u.organization_id FROM users u WHERE u.email = ${ADMIN}`)).rows as {
    id: number;
    organization_id: number;
  }[];
  const principal = {
    user: { id: user!.id, organizationId: user!.organization_id, useOrganizationCatalogs: true, restrictedPricing: false },
  } as unknown as Parameters<typeof pricingContextFor>[1];
  return pricingContextFor(db, principal, 'lifts');
}
