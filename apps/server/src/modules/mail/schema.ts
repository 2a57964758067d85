/**
 * The mail outbox and the development mailbox.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/** Durable mail outbox: a worker claims rows with FOR UPDATE SKIP LOCKED and sends each once. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** Makes enqueueing idempotent, e.g. `order-confirmation:5000123:user:4`. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey), index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Where the development mail transport delivers: shown at /dev/mailbox. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toAddress, t.id)],
);
