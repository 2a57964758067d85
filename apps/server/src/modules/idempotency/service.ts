/**
 * Idempotency keys (issue 35, interface-contract 'Idempotent writes'; decision 019): every POST and
 * PUT of the integration API, `POST /api/checkout` and `POST /api/account/invoice-payments` take an
 * `Idempotency-Key` header (1 to 255 characters).
 *
 * - The first request with a key (per caller: API key or user, and per method and path) runs; its
 *   answer (status, content type, body) is kept for 24 hours. Server errors (5xx) are not kept: the
 *   key is given up, so a retry runs again.
 * - A repeat with the same body answers that answer again, with `Idempotent-Replayed: true`;
 *   nothing runs twice.
 * - A repeat with another body answers 422 (the contract's error body).
 * - A repeat while the first is still running waits for its answer (up to waitMs), else answers 409.
 *
 * The body compared is the request as validated (a SHA-256 of its JSON), so fields the schema drops
 * do not make two requests differ.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import { claimKey, deleteExpiredKeys, findKey, releaseKey, storeAnswer, type KeyId } from './repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds until its answer is stored. */
    idempotencyClaim?: KeyId;
  }
}

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX = 255;

export type IdempotencyOptions = {
  db: Database;
  ttlMs?: number;
  /** How long a repeat waits for the first request's answer before answering 409. */
  waitMs?: number;
  pollMs?: number;
  /** A request running longer than this without answering is taken to have died: its key is free again. */
  staleMs?: number;
};

/** The calls that take a key: POST and PUT of the integration API, the checkout's creation, invoice payments. */
export function takesIdempotencyKey(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  if ((method === 'POST' || method === 'PUT') && routeUrl.startsWith('/api/integration/')) return true;
  return method === 'POST' && (routeUrl === '/api/checkout' || routeUrl === '/api/account/invoice-payments');
}

function callerOf(request: FastifyRequest): string | undefined {
  if (request.integrationKeyId !== undefined) return `key:${request.integrationKeyId}`;
  const principal = (request as { principal?: { user?: { id?: number } } }).principal;
  return principal?.user?.id === undefined ? undefined : `user:${principal.user.id}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function bodyHashOf(body: unknown): string {
  return createHash('sha256')
    .update(typeof body === 'string' ? `s:${body}` : `j:${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db } = options;
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const waitMs = options.waitMs ?? 10_000;
  const pollMs = options.pollMs ?? 50;
  const staleMs = options.staleMs ?? 120_000;
  let lastSweep = 0;

  // The OpenAPI document tells each keyed call about the header (the schemas stay as they are).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.schema || !methods.some((method) => takesIdempotencyKey(method, route.url))) return;
    const note =
      'Takes an `Idempotency-Key` header (1-255 characters): a repeat with the same key and body within 24 hours answers the first answer again, with `Idempotent-Replayed: true`; the same key with another body answers 422.';
    const schema = route.schema as { description?: string };
    if (!schema.description?.includes('Idempotency-Key')) schema.description = schema.description ? `${schema.description} ${note}` : note;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!takesIdempotencyKey(request.method, request.routeOptions.url)) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || header.length < 1 || header.length > IDEMPOTENCY_KEY_MAX)
      throw badRequest('Idempotency-Key', `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`);
    const caller = callerOf(request);
    if (!caller) return;
    const id: KeyId = { caller, key: header, request: `${request.method} ${request.url.split('?')[0]}` };
    const bodyHash = bodyHashOf(request.body);

    if (Date.now() - lastSweep > 3_600_000) {
      lastSweep = Date.now();
      void deleteExpiredKeys(db, ttlMs).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency key sweep failed'));
    }

    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await claimKey(db, id, bodyHash, ttlMs, staleMs)) {
        request.idempotencyClaim = id;
        return;
      }
      const existing = await findKey(db, id);
      if (!existing) continue;
      if (existing.bodyHash !== bodyHash)
        throw new HttpError(422, [
          { field: 'Idempotency-Key', message: 'This Idempotency-Key was already used with another request body.' },
        ]);
      if (existing.state === 'done' && existing.statusCode !== null) {
        reply.code(existing.statusCode).header('Idempotent-Replayed', 'true');
        if (existing.contentType) reply.header('content-type', existing.contentType);
        return reply.send(existing.responseBody ?? '');
      }
      if (Date.now() >= deadline) throw conflict('A request with this Idempotency-Key is still being processed. Try again shortly.');
      await sleep(pollMs);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined;
    if (reply.statusCode >= 500 || !storable) {
      await releaseKey(db, claim);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await storeAnswer(db, claim, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload === null || payload === undefined ? '' : payload.toString(),
    });
    return payload;
  });

  // A request that ended without an answer (the client went away) gives its key up.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = undefined;
    await releaseKey(db, claim);
  });
}
