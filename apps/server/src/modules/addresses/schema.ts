/**
 * The organization's ship-to address book.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';

/** The organization's address book of ship-to addresses (issue 20; same fields as a checkout's ship-to address). */
export const shipToAddresses = pgTable(
  'ship_to_addresses',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    street1: text('street1').notNull(),
    street2: text('street2').notNull().default(''),
    street3: text('street3').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ship_to_addresses_org_idx').on(t.organizationId, t.id)],
);
