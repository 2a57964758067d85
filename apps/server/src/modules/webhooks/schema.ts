/**
 * Outbound events (webhooks, issue 35; docs/decisions/019-outbound-events-and-idempotency.md):
 * the manufacturer's subscriptions, the events written in the same transaction as the change that
 * causes them, one delivery per event and subscription (the durable queue the worker claims from,
 * like the mail outbox), and the log of every delivery attempt.
 * Every module's schema.ts is read by drizzle-kit (drizzle.config.ts); the migration is hand-written
 * (drizzle/0020_webhooks.sql).
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/** An endpoint of the manufacturer's and the event types it wants. */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  /** The signing secret (HMAC-SHA256 key): stored as is because signing needs it; answered once, at creation. */
  secret: text('secret').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  /** Events whose delivery failed for good, in a row; a delivered event sets it back to 0. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdAt: createdAt(),
});

/** What happened: the body sent is `{ id, type, createdAt, data }`. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event for one subscription: the queue. state pending → delivering (claimed, with a lease in
 * next_attempt_at) → delivered, or back to pending with a later next_attempt_at, or failed after the
 * last attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_subscription_idx').on(t.eventId, t.subscriptionId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/** Every attempt: when, the answer's status (null: no answer), how long, the answer's first 1 KB, the error. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
