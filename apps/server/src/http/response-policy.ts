/**
 * Response policy of the API (issue 17, finding 6):
 * - No state change on HEAD: Fastify answers HEAD for every GET route by running the GET handler,
 *   and some GETs the spec names have effects (`GET /api/users/session/logout`,
 *   `GET /api/checkout/{confirmationNumber}/complete`; every authenticated call also slides the
 *   session's idle clock). HEAD is served only for public API routes (media, health, client
 *   configuration, the OpenAPI document); on any other API route it answers 405 before access
 *   control or the handler runs.
 * - Caching: answers carrying a session token or a payment secret (`/api/users/session/*`,
 *   `/api/checkout*`, the development mailbox) and every API answer that is not a tagged `GET` 200
 *   (writes, lists fetched by POST, errors) are `Cache-Control: no-store`. Tagged `GET` 200 answers
 *   (http/conditional-get.ts) stay `private, no-cache`: no shared cache keeps them, and the browser
 *   revalidates each time with `If-None-Match`. Product media keep their own `public` caching and the
 *   web app's files are not touched.
 * - `Permissions-Policy` on every answer: the camera for the badge scan, payment for Stripe's
 *   Payment Element, everything else off.
 * - A badly encoded URL answers the contract's error body (`frameworkErrors`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NO_STORE_PREFIXES = ['/api/users/session/', '/api/checkout', '/api/dev/'];

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const isApi = (url: string) => url.startsWith('/api/');

/**
 * Registers the hooks. Call after registerConditionalGet (the no-store fallback must see the
 * Cache-Control it set) and before registerAccessControl (HEAD is refused before any session work).
 */
export function registerResponsePolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!isApi(request.url)) return;
    if (request.method === 'HEAD' && request.routeOptions.config?.access !== 'public') {
      reply.header('allow', 'GET').header('cache-control', 'no-store');
      return reply.code(405).send({ messages: [{ field: '', message: 'Method not allowed.' }] });
    }
    if (NO_STORE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) reply.header('cache-control', 'no-store');
  });

  // After the conditional GET's onSend: whatever API answer still has no Cache-Control is not to be kept.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Fastify's `frameworkErrors`: a badly encoded URL (and the router's other refusals) in the contract's body. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : (error.statusCode ?? 400);
  const message = status === 400 ? 'The address is not valid.' : 'The server encountered an error. Please try again later.';
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('permissions-policy', PERMISSIONS_POLICY)
    .send({ messages: [{ field: '', message }] });
}
