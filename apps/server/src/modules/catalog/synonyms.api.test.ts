/**
 * Synonym sets over the integration API (issue 32, interface-contract "Synonyms"):
 * `PUT|GET /api/integration/catalogs/{id}/synonyms` with an API key, validation in the contract's
 * error body, 404 for an unknown catalog, replace semantics, and the catalog's search version
 * moving with every change (and only then), which the per-process loader follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createApiKey, revokeApiKey } from '../integration/index.js';
import { catalogSearchTotals, catalogSynonyms as synonymsTable } from './schema.js';
import { catalogSynonyms } from './synonyms.js';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'ERP synonyms')).key;
});
afterAll(() => t.close());

const URL = '/api/integration/catalogs/lifts/synonyms';

/** As the ERP calls: API key, no cookies, no XSRF header. */
const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, apiKey: string | null = key) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
  });

const version = async (catalogId = 'lifts') =>
  (await t.db.select().from(catalogSearchTotals).where(eq(catalogSearchTotals.catalogId, catalogId)))[0]?.version ?? 0;

describe('API key', () => {
  it('refuses GET and PUT without a key, with a wrong or revoked key and with a session token, writing nothing', async () => {
    const revoked = await createApiKey(t.db, 'old ERP');
    await revokeApiKey(t.db, revoked.id);
    const session = await t.login('admin@summitlift.example.com');
    for (const apiKey of [null, 'dpk_wrong', revoked.key, session]) {
      const put = await call('PUT', URL, [{ terms: ['two post', '2 post'] }], apiKey);
      expect(put.statusCode, String(apiKey)).toBe(401);
      expect(put.json()).toHaveProperty('messages.0.message');
      expect((await call('GET', URL, undefined, apiKey)).statusCode).toBe(401);
    }
    expect(await t.db.select().from(synonymsTable)).toEqual([]);
  });
});

describe('PUT and GET', () => {
  it('answers no sets for a catalog that has none', async () => {
    const response = await call('GET', URL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('stores the sets trimmed, in lower case and each term once, answers them, and moves the search version', async () => {
    const before = await version();
    const response = await call('PUT', URL, [{ terms: ['  Two   Post ', '2 POST', '2-post', 'two post'] }, { terms: ['tire', 'tyre'] }]);
    expect(response.statusCode, response.body).toBe(200);
    const stored = [{ terms: ['two post', '2 post', '2-post'] }, { terms: ['tire', 'tyre'] }];
    expect(response.json()).toEqual(stored);
    expect((await call('GET', URL)).json()).toEqual(stored);
    const after = await version();
    expect(after).toBeGreaterThan(before);

    // The same sets again write nothing: the version (and what is cached on it) stays.
    expect((await call('PUT', URL, stored)).json()).toEqual(stored);
    expect(await version()).toBe(after);
    // Another catalog is untouched.
    expect((await call('GET', '/api/integration/catalogs/show/synonyms')).json()).toEqual([]);
  });

  it('replaces every set: the old ones go, and an empty list removes them all', async () => {
    await call('PUT', URL, [{ terms: ['two post', '2 post'] }, { terms: ['tire', 'tyre'] }]);
    const before = await version();
    const replaced = await call('PUT', URL, [{ terms: ['scissor lift', 'scissor'] }]);
    expect(replaced.json()).toEqual([{ terms: ['scissor lift', 'scissor'] }]);
    expect((await call('GET', URL)).json()).toEqual([{ terms: ['scissor lift', 'scissor'] }]);
    expect(await version()).toBeGreaterThan(before);

    const emptied = await call('PUT', URL, []);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual([]);
    expect((await call('GET', URL)).json()).toEqual([]);
  });

  it('keeps the loaded sets per search version: a replacement is seen at the new version', async () => {
    await call('PUT', URL, [{ terms: ['two post', '2 post'] }]);
    const v1 = await version();
    expect(await catalogSynonyms(t.db, 'lifts', v1)).toEqual([['two post', '2 post']]);
    await call('PUT', URL, [{ terms: ['four post', '4 post'] }]);
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    // Kept for v1 (one load per version and process), loaded again for v2.
    expect(await catalogSynonyms(t.db, 'lifts', v1)).toEqual([['two post', '2 post']]);
    expect(await catalogSynonyms(t.db, 'lifts', v2)).toEqual([['four post', '4 post']]);
    expect(await catalogSynonyms(t.db, 'nope', 0)).toEqual([]);
  });

  it('moves the version of a catalog without products, which has no search totals yet', async () => {
    // A fresh catalog on the lifts price list, listing nothing.
    await t.db.execute(
      sql`INSERT INTO catalogs (id, label, price_list_id) SELECT 'empty-syn', 'Empty', price_list_id FROM catalogs WHERE id = 'lifts'`,
    );
    expect(await version('empty-syn')).toBe(0);
    expect((await call('PUT', '/api/integration/catalogs/empty-syn/synonyms', [{ terms: ['a b', 'c'] }])).statusCode).toBe(200);
    expect(await version('empty-syn')).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown catalog, writing nothing', async () => {
    const put = await call('PUT', '/api/integration/catalogs/nope/synonyms', [{ terms: ['a', 'b'] }]);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ messages: [{ field: '', message: 'No catalog has the id nope.' }] });
    const get = await call('GET', '/api/integration/catalogs/nope/synonyms');
    expect(get.statusCode).toBe(404);
    expect(await t.db.select().from(synonymsTable).where(eq(synonymsTable.catalogId, 'nope'))).toEqual([]);
  });
});

describe('validation', () => {
  const refused = async (payload: unknown) => {
    await call('PUT', URL, [{ terms: ['kept', 'still kept'] }]);
    const response = await call('PUT', URL, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect((await call('GET', URL)).json()).toEqual([{ terms: ['kept', 'still kept'] }]);
    return response.json() as { messages: { field: string; message: string }[] };
  };

  it('answers 400 in the contract’s body, naming the bad set and term, and writes nothing', async () => {
    expect((await refused([{ terms: ['two post', '2 post'] }, { terms: ['alone'] }])).messages).toEqual([
      { field: '1.terms', message: 'A set needs at least 2 different terms.' },
    ]);
    expect((await refused([{ terms: ['Same', 'same '] }])).messages).toEqual([
      { field: '0.terms', message: 'A set needs at least 2 different terms.' },
    ]);
    expect((await refused([{ terms: ['ok', '   '] }])).messages).toEqual([{ field: '0.terms.1', message: 'A term is empty.' }]);
    expect((await refused([{ terms: ['ok', 'x'.repeat(101)] }])).messages).toEqual([
      { field: '0.terms.1', message: 'A term is longer than 100 characters.' },
    ]);
    expect((await refused([{ terms: Array.from({ length: 21 }, (_, i) => `t${i}`) }])).messages).toEqual([
      { field: '0.terms', message: 'A set has at most 20 terms.' },
    ]);
    expect((await refused(Array.from({ length: 1001 }, (_, i) => ({ terms: [`a${i}`, `b${i}`] })))).messages[0]!.message).toBe(
      'A catalog has at most 1000 synonym sets.',
    );
    expect((await refused({ terms: ['a', 'b'] })).messages[0]!.message).toMatch(/list of sets/);
    expect((await refused([{ terms: 'two post, 2 post' }])).messages[0]!.field).toBe('0.terms');
    expect((await refused([{ terms: ['a', 7] }])).messages[0]!.field).toBe('0.terms.1');
  });

  it('accepts exactly 20 terms of 100 characters and 1000 sets', async () => {
    const longest = [{ terms: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(100, 'x')) }];
    expect((await call('PUT', URL, longest)).statusCode).toBe(200);
    const most = Array.from({ length: 1000 }, (_, i) => ({ terms: [`a${i}`, `b${i}`] }));
    const response = await call('PUT', URL, most);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1000);
  });
});

it('documents PUT and GET in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  expect(doc.paths['/api/integration/catalogs/{id}/synonyms']).toHaveProperty('put');
  expect(doc.paths['/api/integration/catalogs/{id}/synonyms']).toHaveProperty('get');
});
