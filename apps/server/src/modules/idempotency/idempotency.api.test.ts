/**
 * Idempotency keys (issue 35, interface-contract 'Idempotent writes') through the API on the real
 * embedded database: replay with the same body (same answer, Idempotent-Replayed, nothing written
 * twice), another body (422), two concurrent requests with one key (one write), the key's length,
 * keys per caller, and POST /api/checkout.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FEATURED_ORDERS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { checkoutClient, L, USERS, type CheckoutClient, type DemoUser } from '../checkout/checkout-test-support.js';
import { checkouts } from '../checkout/schema.js';
import { createApiKey } from '../integration/api-keys.js';
import { apiKeys } from '../integration/schema.js';
import { idempotencyKeys } from './schema.js';
import { webhookSubscriptions } from '../webhooks/schema.js';

let t: TestApp;
let c: CheckoutClient;
let key: string;
let otherKey: string;
const tokens: Partial<Record<DemoUser, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'idempotency ERP')).key;
  otherKey = (await createApiKey(t.db, 'another ERP')).key;
  tokens.buyer = await t.login(USERS.buyer);
  c = checkoutClient(t, tokens);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object, idempotencyKey?: string, apiKey = key) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${apiKey}`, ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
  });

const subscriptionCount = async (url: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.url, url))
  )[0]!.n;

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, with Idempotent-Replayed: true, writing nothing twice', async () => {
    const body = { url: 'http://127.0.0.1:9/replay', events: ['order.created'] };
    const first = await call('POST', '/api/integration/webhooks', body, 'replay-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await call('POST', '/api/integration/webhooks', body, 'replay-1');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.json()).toEqual(first.json());
    expect(await subscriptionCount(body.url)).toBe(1);
    // Without a key every call runs.
    await call('POST', '/api/integration/webhooks', body);
    expect(await subscriptionCount(body.url)).toBe(2);
  });

  it('answers 422 in the contract error body when the key comes back with another body', async () => {
    const url = `/api/integration/orders/${FEATURED_ORDERS.processing[0]}/status`;
    const first = await call('POST', url, { statusCode: 30 }, 'status-1');
    expect(first.statusCode, first.body).toBe(200);
    const other = await call('POST', url, { statusCode: 40 }, 'status-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      messages: [{ field: 'Idempotency-Key', message: 'This Idempotency-Key was already used with another request body.' }],
    });
    // The same key on another path is another request.
    const elsewhere = await call(
      'PUT',
      `/api/integration/orders/${FEATURED_ORDERS.processing[0]}/expected-ship-date`,
      { expectedShipDate: null },
      'status-1',
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps keys per caller: another API key with the same key runs its own request', async () => {
    const body = { url: 'http://127.0.0.1:9/per-caller', events: ['order.created'] };
    await call('POST', '/api/integration/webhooks', body, 'shared');
    const other = await call('POST', '/api/integration/webhooks', body, 'shared', otherKey);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await subscriptionCount(body.url)).toBe(2);
  });

  it('runs two concurrent requests with one key once: the second waits for the first answer', async () => {
    const body = { url: 'http://127.0.0.1:9/concurrent', events: ['order.shipped'] };
    const answers = await Promise.all([
      call('POST', '/api/integration/webhooks', body, 'together'),
      call('POST', '/api/integration/webhooks', body, 'together'),
      call('POST', '/api/integration/webhooks', body, 'together'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await subscriptionCount(body.url)).toBe(1);
  });

  it('refuses a key longer than 255 characters (400) and takes one of 255', async () => {
    const body = { url: 'http://127.0.0.1:9/long', events: ['order.created'] };
    const long = await call('POST', '/api/integration/webhooks', body, 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(long.json().messages[0].field).toBe('Idempotency-Key');
    expect((await call('POST', '/api/integration/webhooks', body, 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('takes no key for a request its schema refuses (400): the corrected request with that key runs', async () => {
    const bad = { url: 'ftp://x', events: ['order.created'] };
    const first = await call('POST', '/api/integration/webhooks', bad, 'bad-1');
    expect(first.statusCode).toBe(400);
    const again = await call('POST', '/api/integration/webhooks', { url: 'http://127.0.0.1:9/fixed', events: ['order.created'] }, 'bad-1');
    // The first request never reached its handler (schema validation), so the key was not taken.
    expect(again.statusCode).toBe(200);
  });

  it('makes POST /api/checkout safe to retry: one checkout for two calls with one key', async () => {
    const body = await c.createBody('buyer', [{ sku: L.smallParcel, quantity: 1 }]);
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/checkout',
        token: tokens.buyer!,
        payload: body,
        headers: { 'idempotency-key': 'checkout-1' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().confirmationNumber).toBe(first.json().confirmationNumber);
    const rows = await t.db.select().from(checkouts).where(eq(checkouts.confirmationNumber, first.json().confirmationNumber));
    expect(rows).toHaveLength(1);
    const fresh = await t.request({ method: 'POST', url: '/api/checkout', token: tokens.buyer!, payload: body });
    expect(fresh.json().confirmationNumber).not.toBe(first.json().confirmationNumber);
  });

  it('answers 409 when the first request with the key is still running after the wait', { timeout: 30_000 }, async () => {
    const body = { url: 'http://127.0.0.1:9/stuck', events: ['order.created'] };
    const keyId = (await t.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, 'idempotency ERP')))[0]!.id;
    // A first request that took the key and has not answered yet (its row 'running', the same body).
    await t.db.insert(idempotencyKeys).values({
      caller: `key:${keyId}`,
      key: 'stuck-1',
      request: 'POST /api/integration/webhooks',
      bodyHash: createHash('sha256')
        .update(`j:${JSON.stringify(body)}`)
        .digest('hex'),
    });
    const started = Date.now();
    const second = await call('POST', '/api/integration/webhooks', body, 'stuck-1');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      messages: [{ field: '', message: 'A request with this Idempotency-Key is still being processed. Try again shortly.' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(await subscriptionCount(body.url)).toBe(0);
  });

  it('names the header in the OpenAPI description of every keyed call, and only there', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const described = (path: string, method: string) => document.paths[path]?.[method]?.description ?? '';
    expect(described('/api/checkout', 'post')).toContain('Idempotency-Key');
    expect(described('/api/integration/webhooks', 'post')).toContain('Idempotency-Key');
    expect(described('/api/integration/orders/{documentNumber}/status', 'post')).toContain('Idempotency-Key');
    expect(described('/api/integration/stock', 'put')).toContain('Idempotency-Key');
    expect(described('/api/integration/webhooks', 'get')).not.toContain('Idempotency-Key');
    expect(described('/api/checkout', 'put')).not.toContain('Idempotency-Key');
  });
});
