/**
 * Checkouts in progress.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { orders } from '../orders/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/** A checkout in progress (spec 4 "Checkout"); completing it creates exactly one order. */
export const checkouts = pgTable(
  'checkouts',
  {
    confirmationNumber: text('confirmation_number').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('open'),
    cart: jsonb('cart').$type<Record<string, unknown>>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    paymentIntentId: text('payment_intent_id'),
    paymentIntentSecret: text('payment_intent_secret'),
    onAccount: boolean('on_account').notNull().default(false),
    cashOrder: boolean('cash_order').notNull().default(false),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_order_idx').on(t.orderId), uniqueIndex('checkouts_payment_intent_idx').on(t.paymentIntentId)],
);
