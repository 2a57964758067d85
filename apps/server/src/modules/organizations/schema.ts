/**
 * The dealer organizations (spec 3): their flags and fees, branches, catalogs, terminals and
 * taken-by names. Written through this module's services (setup.ts for the command line's `orgs`) and by the seed.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogs, priceLists } from '../catalog/schema.js';

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  allowBadgeScan: boolean('allow_badge_scan').notNull().default(false),
  allowCashSales: boolean('allow_cash_sales').notNull().default(false),
  allowPriceOverride: boolean('allow_price_override').notNull().default(false),
  allowOnAccount: boolean('allow_on_account').notNull().default(false),
  allowTerminals: boolean('allow_terminals').notNull().default(false),
  allowTakenBy: boolean('allow_taken_by').notNull().default(false),
  allowCardPayments: boolean('allow_card_payments').notNull().default(false),
  isTaxable: boolean('is_taxable').notNull().default(false),
  /** Organization roles (spec 6): what its users may be given or inherit. */
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  feeForkliftCents: integer('fee_forklift_cents').notNull().default(0),
  feeLiftgateCents: integer('fee_liftgate_cents').notNull().default(0),
  feeResidentialCents: integer('fee_residential_cents').notNull().default(0),
  feeNoticeCents: integer('fee_notice_cents').notNull().default(0),
  /** Customer-specific prices that override the catalog's price list for some SKUs. */
  priceListId: integer('price_list_id').references(() => priceLists.id),
  /** Issue 36: what the organization may owe on account, in cents (null: no limit); set by the integration API. */
  creditLimitCents: integer('credit_limit_cents'),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchNumber: integer('branch_number').notNull(),
    name: text('name').notNull(),
    /** The branch's ship-to address, where the checkout starts (issue 34); street1 '' means none. Country: US. */
    shipToStreet1: text('ship_to_street1').notNull().default(''),
    shipToStreet2: text('ship_to_street2').notNull().default(''),
    shipToCity: text('ship_to_city').notNull().default(''),
    shipToState: text('ship_to_state').notNull().default(''),
    shipToPostalCode: text('ship_to_postal_code').notNull().default(''),
  },
  (t) => [uniqueIndex('branches_org_number_idx').on(t.organizationId, t.branchNumber)],
);

export const organizationCatalogs = pgTable(
  'organization_catalogs',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.catalogId] })],
);

export const terminals = pgTable('terminals', {
  id: text('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  name: text('name').notNull(),
});

export const takenBys = pgTable('taken_bys', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  name: text('name').notNull(),
});
