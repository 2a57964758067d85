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
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { brandLogoFile, placeholderFile, productMediaFile, type MediaFile } from './service.js';

/** Sends a file with its ETag; a request that already has it gets 304. */
function send(request: FastifyRequest, reply: FastifyReply, file: MediaFile | undefined) {
  if (!file) throw notFound();
  const etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
  reply.header('cache-control', file.cacheControl).header('etag', etag);
  if (file.fileName) reply.header('content-disposition', `inline; filename="${file.fileName}"`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('content-type', file.contentType).send(file.body);
}

const fileParams = z.object({ sku: z.string().min(1).max(64), file: z.string().min(1).max(100) });
const brandParams = z.object({ file: z.string().min(1).max(100) });
const media = { tags: ['media'], security: [] };

export const mediaRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/media/products/:sku/:file', {
    config: { access: 'public' },
    schema: { ...media, summary: 'A product image (image-{n}.svg) or download ({name}.pdf)', params: fileParams },
    handler: async (request, reply) => send(request, reply, await productMediaFile(db, request.params.sku, request.params.file)),
  });

  app.get('/api/media/brands/:file', {
    config: { access: 'public' },
    schema: { ...media, summary: 'The logo of a known brand ({slug}.svg)', params: brandParams },
    handler: async (request, reply) => send(request, reply, brandLogoFile(request.params.file)),
  });

  app.get('/api/media/placeholder.svg', {
    config: { access: 'public' },
    schema: { ...media, summary: 'The default thumbnail of a product without images' },
    handler: async (request, reply) => send(request, reply, placeholderFile()),
  });
};
