/**
 * Double-submit CSRF protection (interface contract "Auth"): the server hands every client an
 * `XSRF-TOKEN` cookie (readable by scripts, SameSite=Strict); every non-GET API call must echo it in
 * the `X-XSRF-TOKEN` header. A cross-site page can neither read the cookie nor set the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function registerXsrf(app: FastifyInstance, options: { exemptPrefixes?: string[] } = {}): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Machine-to-machine calls (integration API keys, provider webhooks) carry no browser cookies.
    if (options.exemptPrefixes?.some((prefix) => request.url.startsWith(prefix))) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('The request is missing its security token. Reload the page and try again.');
    }
  });
}
