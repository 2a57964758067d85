/**
 * helmet's security headers (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * ...) on every answer (the build's scripts, styles, fonts and images get only those that act on
 * them), worked out once at start. @fastify/helmet, used before, built helmet's
 * middleware again on every request (parsing and checking the CSP directives each time: 3-4% of the
 * server's CPU in a profile of the cart refresh under load, issue 15); our options never change per
 * request or route, so the headers helmet writes are recorded once and set as they are.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet's middleware sets for these options (it sets the same ones on every answer). */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a script, a stylesheet, a font or a raster image needs of those headers. The others (the
 * content security and permissions policies, frame options, opener policy, ...) act only on a
 * document or a worker, and were ~1.1 KB on each of the ~20 build files a first load fetches
 * (issue 21: Lighthouse counts header bytes in what a phone downloads before the first screen).
 */
export const SUBRESOURCE_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
];

/**
 * The build's hashed files that are never drawn as a document nor run as a worker (the app starts
 * none; the service worker, `/sw.js`, is not under /assets/ and keeps every header). SVG is left
 * out: opened on its own it is a document that can run script.
 */
const SUBRESOURCE_PATH = /^\/assets\/[^?#]+\.(?:js|mjs|css|woff2?|png|jpe?g|webp|avif|gif|ico)(?:[?#]|$)/;

/**
 * Registers the onRequest hook that puts the headers on every answer (pages, API, errors, 404s);
 * build files of SUBRESOURCE_PATH get SUBRESOURCE_HEADERS only.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const documentHeaders = securityHeadersOf(options);
  const subresourceHeaders = Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SUBRESOURCE_PATH.test(request.url) ? subresourceHeaders : documentHeaders);
    done();
  });
}
