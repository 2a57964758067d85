/**
 * ETag and 304 Not Modified for the API's GET answers (issue 15): lists and lookups a client asks
 * for again (the session, catalogs, branches, a product, an order) cost it no body when nothing
 * changed. The tag is a hash of the answer the handler produced, so it is right whatever the handler
 * read; the handler still runs, the saving is the transfer. The tag is weak (W/"..."): the same
 * answer goes out brotli-, gzip- or not encoded, and a strong tag would have to differ per encoding.
 * API answers without a Cache-Control of their own get `private, no-cache`: a browser may keep them
 * but asks each time (with If-None-Match), and a shared cache keeps none (they are per user).
 * Left alone: other methods, statuses other than 200, streams (the CSV export), answers marked
 * no-store and answers that carry their own ETag (product media).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** RFC 9110 13.1.2: `*`, or any listed tag equal to ours under weak comparison. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === ours);
}

/**
 * Registers the hook; call before the routes. It is an app-level onSend hook, so it runs before the
 * compression hook (route-level) and hashes the answer before any encoding.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || !request.url.startsWith('/api/'))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('etag')) return payload;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string' && cacheControl.includes('no-store')) return payload;

    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    if (cacheControl === undefined) reply.header('cache-control', 'private, no-cache');
    if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return payload;
    // 304: the validators and caching headers stay, the body and its description go.
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return null;
  });
}
