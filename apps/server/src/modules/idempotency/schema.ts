/**
 * Idempotency keys (issue 35; docs/decisions/019-outbound-events-and-idempotency.md): the first
 * answer of a keyed POST or PUT, kept 24 hours and replayed for a repeat of the same request.
 * Every module's schema.ts is read by drizzle-kit; the migration is hand-written (drizzle/0020_webhooks.sql).
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who called: `key:<API key id>` or `user:<user id>`. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** `POST /api/checkout`: the method and the path as called. */
    request: text('request').notNull(),
    /** SHA-256 of the request body. */
    bodyHash: text('body_hash').notNull(),
    /** 'running' while the first request is served, then 'done' with its answer. */
    state: text('state').notNull().default('running'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /** When 'running' started (a crashed request's row is taken over after a while). */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key, t.request] })],
);
