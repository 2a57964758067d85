/**
 * The simulated payment gateway's state (payments/simulated-gateway.ts).
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * The simulated payment gateway (apps/server/src/payments/simulated-gateway.ts): payment intents
 * and card-reader states kept in the database so several server processes share them (0003).
 */
export const simulatedPaymentIntents = pgTable('simulated_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull().default('requires_payment_method'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simulatedReaders = pgTable('simulated_readers', {
  id: text('id').primaryKey(),
  nextStatus: text('next_status'),
  nextMessage: text('next_message'),
  actionPaymentIntentId: text('action_payment_intent_id'),
  actionStatus: text('action_status'),
  actionOutcome: text('action_outcome'),
  actionMessage: text('action_message'),
  actionDueAt: timestamp('action_due_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulated gateway's saved payment methods (0024), as the provider keeps a customer's cards:
 * brand, last four and expiry, and the outcome of the test card (declined or not), never its number.
 */
export const simulatedPaymentMethods = pgTable('simulated_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  declineCode: text('decline_code'),
  declineMessage: text('decline_message'),
  createdAt: createdAt(),
});
