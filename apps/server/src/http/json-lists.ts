/**
 * Big JSON answers (issue 15: Open Orders is ~1,000 order summaries, ~400 KB; a cart refresh is 50
 * full products, ~100 KB) are written as JSON text by PostgreSQL (json_build_object in the list
 * and product statements) and sent on as bytes. Measured on these 2-core machines, the other ways
 * all cost more of the one thread every request waits for:
 *  - rows parsed by the driver, mapped to objects, run through zod (the type provider's
 *    serializer) and JSON.stringify'd: ~2 ms per 1,000 summaries for zod alone;
 *  - JSON.stringify without zod: ~0.75 ms per 1,000 summaries, plus parsing the rows' lists and
 *    texts (products' features, specifications, receipts) only to write them out again;
 *  - a fast-json-stringify function compiled from the schema: a concatenated string that has to be
 *    flattened before it is sent, ~0.5 ms more per Open Orders request than JSON.stringify.
 * The zod response schema stays on each route: it is the OpenAPI document's source. Nothing checks
 * these answers at run time, so their API tests check each answer against its schema, no field
 * more or less.
 */
import type { FastifyReply } from 'fastify';

/** A JSON array from its items' JSON texts (answers whose items PostgreSQL wrote as JSON). */
export function jsonArrayText(items: string[]): string {
  return `[${items.join(',')}]`;
}

/**
 * Sends an answer that is already JSON text (written by PostgreSQL, see catalog/repository.ts
 * ProductJsonRow) as bytes: no serializer runs on a Buffer. Compression and ETags still apply.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Buffer.from(text));
}
