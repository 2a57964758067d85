/**
 * Saved cards (issue 36, role storedPayments; 0024): a user's cards kept by the payment provider.
 * The portal keeps only the provider's ids, the brand, the last four digits and the expiry.
 */
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    providerCustomerId: text('provider_customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_cards_payment_method_idx').on(t.paymentMethodId), index('saved_cards_user_idx').on(t.userId)],
);

/** The provider's customer of each user who saved a card (made at the first card saved). */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  providerCustomerId: text('provider_customer_id').notNull(),
  createdAt: createdAt(),
});
