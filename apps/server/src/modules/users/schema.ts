/**
 * The users of an organization, with the branches and catalogs they may use.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { catalogs } from '../catalog/schema.js';
import { branches, organizations } from '../organizations/schema.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Stored lower-case; unique across the portal because it is the login name. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    restrictedPricing: boolean('restricted_pricing').notNull().default(false),
    limitOrderHistory: boolean('limit_order_history').notNull().default(false),
    allowCashSales: boolean('allow_cash_sales').notNull().default(false),
    useOrganizationBranches: boolean('use_organization_branches').notNull().default(false),
    useOrganizationRoles: boolean('use_organization_roles').notNull().default(false),
    useOrganizationCatalogs: boolean('use_organization_catalogs').notNull().default(true),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subConfirmation: text('sub_confirmation').notNull().default(''),
    subShipping: text('sub_shipping').notNull().default(''),
    subInvoice: text('sub_invoice').notNull().default(''),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_org_idx').on(t.organizationId)],
);

export const userBranches = pgTable(
  'user_branches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

export const userCatalogs = pgTable(
  'user_catalogs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogId] })],
);
