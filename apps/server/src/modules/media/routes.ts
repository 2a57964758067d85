/**
 * Product images, downloads, brand logos and the placeholder, served by the app itself
 * (demo-data.md: nothing is loaded from the internet). Public, because <img> and download links
 * carry no bearer token; they reveal only what the product page shows anyway. The bytes only
 * change when the product data does, so they are cached long and revalidated by ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_LOGOS } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { productDocumentPdf } from './documents.js';
import { mediaProduct } from './repository.js';
import { brandLogoSvg, placeholderSvg, productImageSvg } from './svg.js';

/** Product media follow product data: a day fresh, then revalidated by ETag for a week. */
const PRODUCT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** Logos and the placeholder never change for a given URL. */
const STATIC_CACHE = 'public, max-age=31536000, immutable';

const IMAGE_FILE = /^image-(\d{1,3})\.svg$/;
const PDF_FILE = /^([a-z0-9-]{1,80})\.pdf$/;

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function send(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, contentType: string, cacheControl: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('content-type', contentType).send(body);
}

const fileParams = z.object({ sku: z.string().min(1).max(64), file: z.string().min(1).max(100) });
const brandParams = z.object({ file: z.string().min(1).max(100) });
const media = { tags: ['media'], security: [] };

export const mediaRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/media/products/:sku/:file', {
    config: { access: 'public' },
    schema: { ...media, summary: 'A product image (image-{n}.svg) or download ({name}.pdf)', params: fileParams },
    handler: async (request, reply) => {
      const { sku, file } = request.params;
      const product = await mediaProduct(db, sku);
      if (!product) throw notFound();
      const image = IMAGE_FILE.exec(file);
      if (image) {
        const index = Number(image[1]);
        // Only the images the product lists exist (a product without any shows the placeholder).
        if (!product.images.some((url) => url.endsWith(`/${file}`))) throw notFound();
        const svg = productImageSvg({ ...product, index, count: product.images.length });
        return send(request, reply, svg, 'image/svg+xml; charset=utf-8', PRODUCT_CACHE);
      }
      const pdf = PDF_FILE.exec(file);
      const downloadName = pdf && Object.keys(product.downloads).find((name) => slugOf(name) === pdf[1]);
      if (!downloadName) throw notFound();
      reply.header('content-disposition', `inline; filename="${product.sku}-${pdf![1]}.pdf"`);
      return send(request, reply, productDocumentPdf(product, downloadName), 'application/pdf', PRODUCT_CACHE);
    },
  });

  app.get('/api/media/brands/:file', {
    config: { access: 'public' },
    schema: { ...media, summary: 'The logo of a known brand ({slug}.svg)', params: brandParams },
    handler: async (request, reply) => {
      const logo = BRAND_LOGOS.find((b) => `${b.slug}.svg` === request.params.file);
      if (!logo) throw notFound();
      return send(request, reply, brandLogoSvg(logo), 'image/svg+xml; charset=utf-8', STATIC_CACHE);
    },
  });

  app.get('/api/media/placeholder.svg', {
    config: { access: 'public' },
    schema: { ...media, summary: 'The default thumbnail of a product without images' },
    handler: async (request, reply) => send(request, reply, placeholderSvg(), 'image/svg+xml; charset=utf-8', STATIC_CACHE),
  });
};
