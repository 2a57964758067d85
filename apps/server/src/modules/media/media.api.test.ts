import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BRAND_LOGOS, PLACEHOLDER_IMAGE_URL, brandLogoUrl } from '@portal/domain/rules';
import { products } from '../catalog/schema.js';
import { BRANDS } from '../../seed/brands.js';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const productRow = async (sku: string) => (await t.db.select().from(products).where(eq(products.sku, sku)))[0]!;

describe('product images', () => {
  it('serves every image a product lists, without a session, cached and revalidated by ETag', async () => {
    const row = await productRow(FEATURED_SKUS.lifts.severalImages);
    expect(row.images).toHaveLength(4);
    const bodies = new Set<string>();
    for (const url of row.images) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toMatch(/public, max-age=\d{5,}/);
      expect(response.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(response.body).toContain(row.sku);
      bodies.add(response.body);

      const again = await get(url, { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    expect(bodies.size).toBe(4);
  });

  it('escapes product text inside the SVG', async () => {
    const row = await productRow(FEATURED_SKUS.lifts.smallParcel);
    await t.db.update(products).set({ label: 'Pads <script>alert(1)</script> & "more"' }).where(eq(products.sku, row.sku));
    try {
      const response = await get(row.images[0]!);
      expect(response.body).not.toContain('<script>');
      expect(response.body).toContain('&lt;script&gt;');
    } finally {
      await t.db.update(products).set({ label: row.label }).where(eq(products.sku, row.sku));
    }
  });

  it('answers 404 for an image the product does not have, or an unknown product', async () => {
    expect((await get(`/api/media/products/${FEATURED_SKUS.lifts.severalImages}/image-5.svg`)).statusCode).toBe(404);
    expect((await get(`/api/media/products/${FEATURED_SKUS.lifts.noImages}/image-1.svg`)).statusCode).toBe(404);
    expect((await get('/api/media/products/NOPE-1/image-1.svg')).statusCode).toBe(404);
    expect((await get(`/api/media/products/${FEATURED_SKUS.lifts.severalImages}/secrets.txt`)).statusCode).toBe(404);
  });
});

describe('product downloads', () => {
  it('serves each download as a well-formed PDF about the product', async () => {
    const row = await productRow(FEATURED_SKUS.lifts.downloads);
    const entries = Object.entries(row.downloads);
    expect(entries).toHaveLength(4);
    for (const [name, url] of entries) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toMatch(/public/);
      const pdf = response.rawPayload;
      const text = pdf.toString('latin1');
      expect(text).toMatch(/^%PDF-1\.\d/);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      // The words as printed (pdfkit embeds the fonts: the text is glyph ids, read back by their map).
      const lines = pdfText(pdf).split('\n');
      expect(lines[0]).toBe(name);
      expect(lines[1]).toBe(row.label);
      expect(lines[2]).toContain(`SKU ${row.sku}`);
      // Every cross-reference offset points at its object.
      const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(startxref, startxref + 4)).toBe('xref');
      const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    }
  });

  it('answers 404 for a download the product does not list', async () => {
    expect((await get(`/api/media/products/${FEATURED_SKUS.lifts.downloads}/no-such-manual.pdf`)).statusCode).toBe(404);
  });
});

describe('brand logos and placeholder', () => {
  it('has a logo for every brand of the catalog and none for others', async () => {
    expect(BRANDS.map((b) => [b.name, b.slug])).toEqual(BRAND_LOGOS.map((b) => [b.name, b.slug]));
    for (const brand of BRANDS) {
      const response = await get(brandLogoUrl(brand.name)!);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toContain(`<title>${brand.name}</title>`);
    }
    expect(brandLogoUrl('Unknown Brand')).toBeUndefined();
    expect((await get('/api/media/brands/unknown.svg')).statusCode).toBe(404);
  });

  it('serves the placeholder thumbnail', async () => {
    const response = await get(PLACEHOLDER_IMAGE_URL);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No image available');
  });
});
