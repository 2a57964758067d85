/**
 * What goes over the wire (issue 15): compressed answers (http/compression.ts), ETag and 304 for
 * GET answers of the API (http/conditional-get.ts), and how the web app's files may be cached
 * (http/web.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_EXPORT_COLUMNS } from '@portal/domain/rules';
import { FEATURED_ORDERS } from '../seed/featured.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const ADMIN = 'admin@summitlift.example.com';
const ASSET = 'assets/index-3f9a1c.js';
const ASSET_TEXT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX_HTML = '<!doctype html><html><head><title>Dealer Portal</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let token: string;
let webDir: string;
beforeAll(async () => {
  // A stand-in for the web build: index.html and one hashed asset.
  webDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, ASSET), ASSET_TEXT);
  t = await createTestApp({ webDistDir: webDir });
  token = await t.login(ADMIN);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const openOrders = (headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/orders/open', payload: { branchNumber: FEATURED_ORDERS.branchNumber }, token, headers });

describe('compression', () => {
  it('sends a JSON answer gzip-encoded to a client that accepts gzip, and it decodes to the same JSON', async () => {
    const plain = await openOrders();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzipped = await openOrders({ 'accept-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the client takes both, as browsers do', async () => {
    const browse = (headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/catalog/search',
        payload: { catalog: 'lifts', branchNumber: 101, shipToState: 'CO', page: 1, pageSize: 20 },
        token,
        headers,
      });
    const response = await browse({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual((await browse()).json());
  });

  it('sends a kept order list gzipped as it is kept, to a client that takes brotli too (orders/list-cache.ts)', async () => {
    const response = await openOrders({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual((await openOrders()).json());
  });

  it('leaves a big answer alone for a client that does not say it accepts an encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await openOrders(headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Array.isArray(response.json())).toBe(true);
    }
  });

  it('leaves small answers alone', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('compresses the streamed catalog CSV export, still streamed (no content-length)', async () => {
    const exportCsv = (headers: Record<string, string>) =>
      t.request({ method: 'GET', url: '/api/catalog/export', query: { branchNumber: '101', catalog: 'lifts' }, token, headers });
    const plain = await exportCsv({});
    const response = await exportCsv({ 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    const csv = gunzipSync(response.rawPayload).toString('utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(CATALOG_EXPORT_COLUMNS.join(','));
    expect(csv).toBe(plain.body);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('ETag and 304 Not Modified', () => {
  const detailUrl = `/api/orders/detail/${FEATURED_ORDERS.shippedUps}`;
  const detail = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: detailUrl, token, headers });

  it('tags a GET answer, and answers 304 with no body when the client already has it', async () => {
    const first = await detail();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await detail({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['content-length']).toBeUndefined();

    // Any of a list, the strong form of the same tag, and * match too; compression changes nothing.
    for (const ifNoneMatch of [`W/"other", ${etag}`, etag.slice(2), '*']) {
      const response = await detail({ 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('answers in full when the tag differs, and the same answer has the same tag', async () => {
    const first = await detail();
    const stale = await detail({ 'if-none-match': 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
    expect(stale.headers.etag).toBe(first.headers.etag);
  });

  it('tags the answer as it is before encoding: the gzip answer carries the same tag', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/openapi.json' });
    const gzipped = await t.request({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('tags neither POST answers, errors, nor streamed exports', async () => {
    expect((await openOrders()).headers.etag).toBeUndefined();
    const missing = await t.request({ method: 'GET', url: '/api/orders/detail/999999999', token });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const csv = await t.request({ method: 'GET', url: '/api/catalog/export', query: { branchNumber: '101', catalog: 'lifts' }, token });
    expect(csv.headers.etag).toBeUndefined();
    expect(csv.headers['cache-control']).toBe('no-store');
  });
});

describe('caching of the web app', () => {
  it('serves index.html and every client route no-cache', async () => {
    for (const url of ['/', '/catalog/search', '/index.html']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves hashed assets immutable for a year, compressed for clients that accept it', async () => {
    const response = await t.request({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(ASSET_TEXT);
  });

  it('keeps the Content-Security-Policy on pages and API answers', async () => {
    for (const url of ['/', '/api/health']) {
      const csp = String((await t.request({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });
});
