/**
 * Saved carts (requisition lists).
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { catalogs } from '../catalog/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/**
 * Saved carts, the dealer's requisition lists (issue 20, 0009_saved_carts.sql): a named copy of a
 * cart's lines for one organization and branch, priced again when loaded.
 */
export const savedCarts = pgTable(
  'saved_carts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_carts_org_branch_idx').on(t.organizationId, t.branchId, t.id)],
);

export const savedCartLines = pgTable(
  'saved_cart_lines',
  {
    savedCartId: integer('saved_cart_id')
      .notNull()
      .references(() => savedCarts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedCartId, t.position] })],
);
