/**
 * Route options for big JSON list answers (issue 15: an order search page of 100 summaries; Open
 * and Recent Orders, ~1,000 summaries and ~400 KB, were measured with them and are now sent as the
 * bytes kept per branch, orders/list-cache.ts). What they save, measured on these 2-core machines,
 * falls on the one thread every request waits for:
 *  - the app's serializer (fastify-type-provider-zod) runs the whole answer through zod (safeEncode)
 *    and then JSON.stringify's zod's copy: ~2 ms per 1,000 summaries against ~0.75 ms for
 *    JSON.stringify alone. A fast-json-stringify function compiled from the same schema was tried:
 *    its answer is a string built by concatenation that has to be flattened before it can be sent,
 *    and Open Orders cost ~0.5 ms more server time per request with it than with JSON.stringify;
 *  - a string answer is read twice more before it leaves: Fastify measures its UTF-8 length for
 *    Content-Length, and the socket encodes it. Turned into bytes once here, it is not (and
 *    compression, where it applies, takes the bytes as they are). With both changes, Open Orders
 *    went from ~6 to ~4 ms of server CPU per request under load.
 * The zod response schema stays on the route: it is the OpenAPI document's source and types the
 * handler's answer. Nothing checks the answer at run time, so use these options only where the
 * handler builds the answer field by field from typed rows (as modules/orders/order-view.ts does;
 * its API tests check each list answer against its schema, no field more or less).
 *
 * The catalog's products go one step further (sendJsonText): PostgreSQL writes each product as
 * JSON (catalog/repository.ts productFragments), which cost the database less than the server saved for
 * 50 full products. For the order lists it did not: PostgreSQL's JSON output of 1,000 summaries
 * cost 4-7 ms more in the database than the ~3 ms it saved here (decision 009).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

function serializeWithJsonStringify(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}

function sendAsBytes(
  _request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  done(null, typeof payload === 'string' ? Buffer.from(payload) : payload);
}

/** Spread into the options of a route whose 200 answer is a big list built from typed rows. */
export const bigJsonAnswer = { serializerCompiler: serializeWithJsonStringify, onSend: sendAsBytes };

/** A JSON array from its items' JSON texts (answers whose items PostgreSQL wrote as JSON). */
export function jsonArrayText(items: string[]): string {
  return `[${items.join(',')}]`;
}

/**
 * Sends an answer that is already JSON text (written by PostgreSQL, see catalog/repository.ts
 * ProductTextRow) as bytes: no serializer runs on a Buffer. Compression and ETags still apply.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return sendJsonBytes(reply, Buffer.from(text));
}

/** Sends JSON already written out as bytes. */
export function sendJsonBytes(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A JSON answer as bytes, and its gzipped copy where one is kept (the order lists' answers, orders/list-cache.ts). */
export type JsonAnswer = { json: Buffer; gzipped?: Buffer };

/**
 * Sends a JSON answer: its gzipped copy, where there is one, to a client that accepts gzip (every
 * browser), so a kept list costs no compression per request (the compression hook leaves an encoded
 * answer alone); otherwise the JSON, through the compression hook as any answer.
 */
export function sendJsonAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  if (!answer.gzipped) return sendJsonBytes(reply, answer.json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return sendJsonBytes(reply, answer.json);
  return sendJsonBytes(reply.header('content-encoding', 'gzip'), answer.gzipped);
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 12.5.3): `gzip` (or `x-gzip`) with a
 * weight above 0, or `*` above 0 where gzip is not named. No header: no encoding is asked for.
 * Not @fastify/accept-negotiator (the compression hook's): it answers gzip for `gzip;q=0, *`.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let named: boolean | undefined;
  let anyOther = false;
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') named = (named ?? false) || accepted;
    else if (coding === '*') anyOther = accepted;
  }
  return named ?? anyOther;
}
