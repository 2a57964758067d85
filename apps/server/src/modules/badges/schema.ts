/**
 * Event badges and the leads scanned from them.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const eventBadges = pgTable('event_badges', {
  badgeId: text('badge_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull().default(''),
  jobTitle: text('job_title').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  country: text('country').notNull().default(''),
});

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** One lead per badge and organization (drizzle/0005): the badge id, else the email, else name and company. */
    leadKey: text('lead_key').notNull(),
    badge: jsonb('badge').$type<Record<string, string>>().notNull(),
    allowMarketing: boolean('allow_marketing').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_org_idx').on(t.organizationId), uniqueIndex('leads_org_key_idx').on(t.organizationId, t.leadKey)],
);
