/**
 * How the server hands out the offline shell's files (spec 9, http/web.ts,
 * docs/decisions/010-offline-shell.md): the service worker, its Workbox runtime and the web manifest
 * are revalidated on every use (never kept as the hashed assets are), with the right types, and the
 * Content-Security-Policy lets the page run a worker and read a manifest of its own origin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const INDEX_HTML = '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>';
const SW_JS = 'importScripts("/workbox-5a7c.js");\nself.addEventListener("fetch", () => {});\n';
const WORKBOX_JS = 'self.workbox = {};\n';
const MANIFEST = JSON.stringify({
  name: 'Dealer Portal',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
});
// The 8-byte PNG signature is enough for the type and caching checks.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A stand-in for the web build with the files vite-plugin-pwa writes.
  webDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  mkdirSync(path.join(webDir, 'icons'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'sw.js'), SW_JS);
  writeFileSync(path.join(webDir, 'workbox-5a7c.js'), WORKBOX_JS);
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(path.join(webDir, 'icons', 'icon-192.png'), PNG);
  writeFileSync(path.join(webDir, 'assets', 'index-3f9a1c.js'), 'export {};\n');
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the offline shell files', () => {
  it('serves the service worker and its Workbox runtime as JavaScript, no-cache', async () => {
    for (const [url, body] of [
      ['/sw.js', SW_JS],
      ['/workbox-5a7c.js', WORKBOX_JS],
    ] as const) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^(application|text)\/javascript/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(body);
    }
  });

  it('serves the web manifest as application/manifest+json, no-cache', async () => {
    const response = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Dealer Portal', display: 'standalone' });
  });

  it('serves the icons as PNG', async () => {
    const response = await t.request({ method: 'GET', url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers a revalidation of sw.js with 304, so the browser’s update check costs no body', async () => {
    const first = await t.request({ method: 'GET', url: '/sw.js' });
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await t.request({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('lets the page run a service worker and read a manifest of its own origin (CSP)', async () => {
    for (const url of ['/', '/sw.js']) {
      const csp = String((await t.request({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toContain("worker-src 'self'");
      expect(csp, url).toContain("manifest-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
    }
  });

  it('never answers an API path with the app shell', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
