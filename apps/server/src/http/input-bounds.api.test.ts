/**
 * Issue 17, finding 4: input the schemas used to accept and the database refused (NUL, lone
 * UTF-16 surrogates, integers beyond int4) answers 400 in the contract's body, naming the field,
 * never 500; and the log of an unexpected database error holds no SQL parameter.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { FEATURED_ORDERS, FEATURED_SKUS } from '../seed/featured.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { checkoutClient, DENVER } from '../modules/checkout/checkout-test-support.js';
import { createApiKey } from '../modules/integration/index.js';
import { loggableError, registerErrorHandler, SERVER_ERROR_MESSAGE } from './errors.js';
import { findUnsafeText } from './input-safety.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const SKU = FEATURED_SKUS.lifts.smallParcel;

let t: TestApp;
let admin: string;
let buyer: string;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([t.login(ADMIN), t.login(BUYER)]);
  apiKey = (await createApiKey(t.db, 'input bounds test')).key;
});
afterAll(() => t.close());

type Body = { messages: { field: string; message: string }[]; code?: number };

/** 400 in the contract's body, with `field` among the named fields; no stack, no SQL. */
function expect400(response: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Body;
  expect(Object.keys(body).sort()).toEqual(['messages']);
  expect(body.messages.map((m) => m.field)).toContain(field);
  for (const m of body.messages) expect(Object.keys(m).sort()).toEqual(['field', 'message']);
  expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+|select |insert |update |params:/i);
}

const search = (payload: object) => t.request({ method: 'POST', url: '/api/catalog/search', token: buyer, payload });

describe('NUL in text', () => {
  it('search keywords and brand', async () => {
    expect400(await search({ keywords: 'lift\u0000', catalog: 'lifts', branchNumber: 101 }), 'keywords');
    expect400(await search({ brand: '\u0000', catalog: 'lifts', branchNumber: 101 }), 'brand');
  });

  it('a SKU in the path and in a body list', async () => {
    const path = await t.request({
      method: 'GET',
      url: `/api/catalog/product/${encodeURIComponent(`${SKU}\u0000`)}?shipToState=CO&branchNumber=101&catalog=lifts`,
      token: buyer,
    });
    expect400(path, 'sku');
    const batch = await t.request({
      method: 'POST',
      url: '/api/catalog/products',
      token: buyer,
      payload: { skuList: [SKU, 'X\u0000'], catalog: 'lifts', branchNumber: 101 },
    });
    expect400(batch, 'skuList.1');
  });

  it('query values', async () => {
    const exportCall = await t.request({ method: 'GET', url: '/api/catalog/export?branchNumber=101&catalog=li%00fts', token: admin });
    expect400(exportCall, 'catalog');
    const product = await t.request({
      method: 'GET',
      url: `/api/catalog/product/${SKU}?shipToState=CO&branchNumber=101&catalog=%00`,
      token: buyer,
    });
    expect400(product, 'catalog');
  });

  it('checkout PO, notes, ship-to name and address', async () => {
    const client = checkoutClient(t, { buyer });
    const body = await client.createBody('buyer', [{ sku: SKU, quantity: 1 }]);
    expect400(await client.call('buyer', 'POST', '/api/checkout', { ...body, purchaseOrderNumber: 'PO\u00001' }), 'purchaseOrderNumber');
    const { confirmationNumber } = await client.create('buyer', [{ sku: SKU, quantity: 1 }]);
    expect400(await client.update('buyer', confirmationNumber, { purchaseOrderNumber: '\u0000' }), 'purchaseOrderNumber');
    expect400(
      await client.update('buyer', confirmationNumber, { shipToAddress: { ...DENVER, name: 'Front\u0000Range' } }),
      'shipToAddress.name',
    );
    expect400(
      await client.update('buyer', confirmationNumber, { shipToAddress: { ...DENVER, street1: '1200\u0000Blake' } }),
      'shipToAddress.street1',
    );
    // Still a working checkout after the refusals.
    expect((await client.update('buyer', confirmationNumber)).statusCode).toBe(200);
  });

  it('user names and phone in an update', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/users', token: admin })).json() as { id: number; email: string }[];
    const target = me.find((user) => user.email === BUYER)!;
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/users/${target.id}`, token: admin, query: { type: 'profile' }, payload });
    expect400(await put({ firstName: 'Bu\u0000yer', lastName: 'One', phone: '555' }), 'firstName');
    expect400(await put({ firstName: 'Buyer', lastName: 'One', phone: '555\u0000' }), 'phone');
  });

  it('a field whose schema is a plain string is covered by the server-wide check', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: 'nobody@example.com', password: 'x', deviceId: 'dev\u0000ice' },
    });
    expect400(login, 'deviceId');
  });
});

describe('lone UTF-16 surrogates', () => {
  it('in checkout text', async () => {
    const client = checkoutClient(t, { buyer });
    const body = await client.createBody('buyer', [{ sku: SKU, quantity: 1 }]);
    // JSON.stringify writes a lone surrogate as the escape "\ud800", which JSON.parse restores.
    expect400(await client.call('buyer', 'POST', '/api/checkout', { ...body, notes: 'call \ud800 first' }), 'notes');
    const { confirmationNumber } = await client.create('buyer', [{ sku: SKU, quantity: 1 }]);
    expect400(await client.update('buyer', confirmationNumber, { shippingInstructions: '\udc00' }), 'shippingInstructions');
    expect400(
      await client.update('buyer', confirmationNumber, { shipToAddress: { ...DENVER, city: 'Den\ud83dver' } }),
      'shipToAddress.city',
    );
  });

  it('in search keywords', async () => {
    expect400(await search({ keywords: '\ud800', catalog: 'lifts', branchNumber: 101 }), 'keywords');
  });

  it('a valid pair (emoji) is still accepted', async () => {
    expect((await search({ keywords: 'lift 😀', catalog: 'lifts', branchNumber: 101 })).statusCode).toBe(200);
  });
});

describe('integers beyond int4', () => {
  it('a user id in the path', async () => {
    const response = await t.request({ method: 'GET', url: '/api/users/99999999999', token: admin });
    expect400(response, 'id');
    expect((await t.request({ method: 'GET', url: '/api/users/2147483648', token: admin })).statusCode).toBe(400);
  });

  it('branch numbers in the body and the query', async () => {
    expect400(await search({ catalog: 'lifts', branchNumber: 2_147_483_648 }), 'branchNumber');
    expect400(await search({ catalog: 'lifts', branchNumber: 101, page: 99_999_999_999 }), 'page');
    const exportCall = await t.request({ method: 'GET', url: '/api/catalog/export?branchNumber=99999999999&catalog=lifts', token: admin });
    expect400(exportCall, 'branchNumber');
    const price = await t.request({
      method: 'POST',
      url: '/api/cart/price',
      token: buyer,
      payload: { catalog: 'lifts', branchNumber: 2_147_483_648, items: [{ sku: SKU, quantity: 1 }] },
    });
    expect400(price, 'branchNumber');
  });

  it('quantityShipped in an integration shipment', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/integration/orders/${FEATURED_ORDERS.processing[0]}/shipments`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { statusCode: 60, lines: [{ lineNumber: 1, quantityShipped: 2_147_483_648 }] },
    });
    expect400(response, 'lines.0.quantityShipped');
  });
});

describe('the server-wide text check', () => {
  it('names the first unsafe string by its dotted path, keys included', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'x' }, { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnsafeText({ a: 'ok', n: 1, z: null })).toBeUndefined();
    expect(findUnsafeText('\ud800', 'sku')).toBe('sku');
  });
});

describe('an unexpected database error', () => {
  const SECRET = 'jane.customer@secret.example.com';

  it('answers the contract body and logs no SQL parameter or database message', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandler(app);
    // A query the database fails with a parameter holding customer data (division by zero: not a
    // client data error, so the 500 path and its log are exercised).
    app.get('/boom', async () => t.db.execute(sql`select length(${SECRET}) / 0 as x`));
    // A data error from a value no schema caught: 400, not 500.
    app.get('/bad-int', async () => t.db.execute(sql`select ${SECRET}::int as x`));
    await app.ready();
    try {
      const boom = await app.inject({ method: 'GET', url: '/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ messages: [{ field: '', message: SERVER_ERROR_MESSAGE }] });
      const bad = await app.inject({ method: 'GET', url: '/bad-int' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).not.toContain(SECRET);
      expect(Object.keys(bad.json() as object)).toEqual(['messages']);

      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('22012');
      expect(log).not.toContain(SECRET);
      expect(log).not.toContain('jane.customer');
    } finally {
      await app.close();
    }
  });

  it('loggableError drops the params Drizzle puts in its message and stack', () => {
    const error = Object.assign(new Error(`Failed query: select $1\nparams: ${SECRET}`), {
      name: 'DrizzleQueryError',
      query: 'select $1',
      params: [SECRET],
      cause: Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), { code: '22P02', detail: SECRET }),
    });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('22P02');
    expect(logged).toContain('select $1');
  });
});
