/**
 * How the server hands out the web build's precompressed files (issue 21 "Compression", http/web.ts):
 * the build writes `x.br` and `x.gz` beside each text file (apps/web/tools/precompress.ts); a client
 * that accepts brotli or gzip gets that very copy, with Content-Encoding and Vary: Accept-Encoding,
 * and a client that accepts neither gets the file itself. A signed-in page's index.html names the
 * build's preloads (preloads.json) in a Link header; a public page's does not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const SCRIPT = 'assets/index-7d2e4f.js';
const SCRIPT_TEXT = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ sku: `LIFT-${i}`, name: 'Two-post lift' })))};\n`;
const STYLES = 'assets/index-9a8b7c.css';
const STYLES_TEXT = `${Array.from({ length: 200 }, (_, i) => `.portal-row-${i} { color: #495057; padding: ${i}px; }`).join('\n')}\n`;
const SMALL = 'assets/small-1a2b3c.js';
const SMALL_TEXT = 'export {};\n';
const INDEX_HTML = `<!doctype html><html><head><title>Dealer Portal</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

/** What apps/web/tools/signed-in-preloads.ts writes: the signed-in layouts' files, the public path prefixes, a page's own files. */
const PRELOADS = {
  publicPaths: ['/login', '/password/', '/dev/'],
  scripts: ['/assets/shell-1f2e3d.js'],
  styles: ['/assets/screens-4c5b6a.css'],
  pages: [{ pattern: '^/products/catalog/[^/]+/?$', scripts: ['/assets/catalog-page-8e7f6a.js'] }],
};
const SIGNED_IN_LINK =
  '</assets/screens-4c5b6a.css>; rel=preload; as=style; crossorigin, </assets/shell-1f2e3d.js>; rel=modulepreload; crossorigin';

let t: TestApp;
let webDir: string;
const fileBytes = (name: string) => readFileSync(path.join(webDir, name));

beforeAll(async () => {
  // A stand-in for the web build with the copies tools/precompress.ts writes (brotli at its maximum
  // quality, unlike the on-the-fly quality 1 of http/compression.ts, so the bytes tell them apart).
  webDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  for (const [name, text] of [
    [SCRIPT, SCRIPT_TEXT],
    [STYLES, STYLES_TEXT],
    ['index.html', INDEX_HTML],
  ] as const) {
    writeFileSync(path.join(webDir, name), text);
    writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  writeFileSync(path.join(webDir, SMALL), SMALL_TEXT);
  writeFileSync(path.join(webDir, 'preloads.json'), JSON.stringify(PRELOADS));
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('precompressed web files', () => {
  it("sends the build's brotli copy to a browser (br, gzip and deflate accepted)", async () => {
    for (const [name, text, type] of [
      [SCRIPT, SCRIPT_TEXT, /^(application|text)\/javascript/],
      [STYLES, STYLES_TEXT, /^text\/css/],
    ] as const) {
      const response = await get(`/${name}`, 'gzip, deflate, br, zstd');
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-encoding'], name).toBe('br');
      expect(response.headers.vary, name).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], name).toMatch(type);
      expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      // The very bytes of the .br file: not compressed again, not compressed on the fly.
      expect(response.rawPayload.equals(fileBytes(`${name}.br`)), name).toBe(true);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), name).toBe(text);
    }
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await get(`/${SCRIPT}`, 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.rawPayload.equals(fileBytes(`${SCRIPT}.gz`))).toBe(true);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(SCRIPT_TEXT);
  });

  it('sends the file itself to a client that accepts no encoding, still varying on Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(`/${SCRIPT}`, acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(response.body, acceptEncoding).toBe(SCRIPT_TEXT);
    }
  });

  it('answers a client route with the brotli copy of index.html, no-cache', async () => {
    for (const url of ['/orders/open', '/login']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(INDEX_HTML);
    }
  });

  it("names the signed-in layouts' files in a Link header of a signed-in page, not of a public one", async () => {
    for (const url of ['/products/catalog/lifts/LIFT-1', '/shopping-cart?from=menu', '/dashboard']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBe(SIGNED_IN_LINK);
    }
    // A listed page's own screen code comes after the layouts'.
    for (const url of ['/products/catalog/lifts', '/products/catalog/lifts/?keywords=post']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.headers.link, url).toBe(`${SIGNED_IN_LINK}, </assets/catalog-page-8e7f6a.js>; rel=modulepreload; crossorigin`);
    }
    for (const url of ['/login', '/login?next=%2Fdashboard', '/password/reset', '/dev/mailbox']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
    // Files other than the page never carry it.
    expect((await get(`/${SCRIPT}`, 'br')).headers.link).toBeUndefined();
  });

  it('compresses a file the build left without copies on the fly (http/compression.ts)', async () => {
    const response = await get(`/${SMALL}`, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SMALL_TEXT);
    const plain = await get(`/${SMALL}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SMALL_TEXT);
  });
});
