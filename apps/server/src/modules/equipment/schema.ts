/**
 * Installed equipment and what follows the sale (issue 37, 0023_equipment.sql; decision 021): the
 * manufacturer's register of serials sold, the dealers' units (from shipments or registered), their
 * inspections, warranty claims with photos and status history, and the monthly reminder's claim.
 * Dates are calendar dates; photos are kept in the database (decision 021), never under the web root.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The manufacturer's record of each serial sold (integration API, `import serials`, shipments): to whom. */
export const serialRegister = pgTable('serial_register', {
  serialNumber: text('serial_number').primaryKey(),
  sku: text('sku').notNull(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  shippedDate: date('shipped_date', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A unit of a dealer organization: one row per serial, so a serial belongs to one organization. */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    sku: text('sku').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The portal order it shipped on (integration shipments); null for a registered serial. */
    orderId: integer('order_id').references(() => orders.id),
    shippedDate: date('shipped_date', { mode: 'string' }),
    installedOn: date('installed_on', { mode: 'string' }),
    locationName: text('location_name').notNull().default(''),
    locationAddress: text('location_address').notNull().default(''),
    /** The latest inspection's date (kept here so the list filters on the next inspection without a join). */
    lastInspectedOn: date('last_inspected_on', { mode: 'string' }),
    /**
     * Install date (else ship date) plus the product's warranty months, kept by triggers of migration
     * 0027 on this table and on products, so the list filters and counts on it without the product.
     */
    warrantyEnds: date('warranty_ends', { mode: 'string' }),
    registeredByUserId: integer('registered_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipment_serial_number_idx').on(t.serialNumber),
    index('equipment_org_branch_serial_idx').on(t.organizationId, t.branchId, t.serialNumber),
    index('equipment_org_branch_warranty_idx').on(t.organizationId, t.branchId, t.warrantyEnds),
    // 0029 carries serial_number in it (INCLUDE, which Drizzle cannot declare): a keyword's units by SKU from the index alone.
    index('equipment_org_branch_sku_idx').on(t.organizationId, t.branchId, t.sku),
    index('equipment_sku_idx').on(t.sku),
  ],
);

/**
 * How many units each organization's branch has per inspection basis (the last inspection, else the
 * install date; 'infinity' when neither): kept by triggers on equipment (0026_equipment_counts.sql),
 * never written by code, so the list counts a branch's units without reading them.
 */
export const equipmentCounts = pgTable(
  'equipment_counts',
  {
    organizationId: integer('organization_id').notNull(),
    branchId: integer('branch_id').notNull(),
    inspectionBasis: date('inspection_basis', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.branchId, t.inspectionBasis] })],
);

/**
 * The three product columns an equipment keyword is matched against (SKU, model, label), kept by
 * triggers on products (0029_equipment_keyword_texts.sql), never written by code, lowercased: a
 * keyword's trigram matches are rechecked against these narrow rows, not the wide product rows.
 */
export const equipmentProductTexts = pgTable('equipment_product_texts', {
  sku: text('sku').primaryKey(),
  skuLower: text('sku_lower').notNull(),
  modelLower: text('model_lower').notNull(),
  labelLower: text('label_lower').notNull(),
});

/**
 * The version of each branch's set of units, moved by triggers on equipment whenever a unit arrives,
 * leaves or changes branch or serial (0030_equipment_page_anchors.sql); never written by code.
 */
export const equipmentUnitVersions = pgTable(
  'equipment_unit_versions',
  {
    organizationId: integer('organization_id').notNull(),
    branchId: integer('branch_id').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.branchId] })],
);

/**
 * Every 500th serial number of a branch in serial order, for one version of its units, so a deep page
 * of the list starts near its place instead of stepping over every unit before it (0030). Built by
 * the list when it finds none for the version it sees.
 */
export const equipmentPageAnchors = pgTable(
  'equipment_page_anchors',
  {
    organizationId: integer('organization_id').notNull(),
    branchId: integer('branch_id').notNull(),
    version: integer('version').notNull(),
    position: integer('position').notNull(),
    serialNumber: text('serial_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.branchId, t.version, t.position] })],
);

export const equipmentInspections = pgTable(
  'equipment_inspections',
  {
    id: serial('id').primaryKey(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    inspector: text('inspector').notNull(),
    passed: boolean('passed').notNull(),
    notes: text('notes').notNull().default(''),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipment_inspections_equipment_idx').on(t.equipmentId, t.inspectedOn)],
);

export type ClaimPart = { sku: string; description: string; quantity: number };

export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('Submitted'),
    problemDescription: text('problem_description').notNull(),
    /** Whether the unit was under warranty when the claim was filed (an out-of-warranty claim is marked). */
    underWarranty: boolean('under_warranty').notNull(),
    parts: jsonb('parts').$type<ClaimPart[]>().notNull().default([]),
    /** The no-charge order of the parts (integration API), once placed. */
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('warranty_claims_org_created_idx').on(t.organizationId, t.createdAt),
    index('warranty_claims_equipment_idx').on(t.equipmentId),
    check(
      'warranty_claims_status_check',
      sql`${t.status} in ('Submitted', 'In Review', 'Approved', 'Denied', 'Parts Shipped', 'Credited')`,
    ),
  ],
);

/** A claim's photos: checked by content and stripped of metadata before they are stored (photos.ts). */
export const warrantyClaimPhotos = pgTable(
  'warranty_claim_photos',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => warrantyClaims.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warranty_claim_photos_claim_idx').on(t.claimId)],
);

export const warrantyClaimHistory = pgTable(
  'warranty_claim_history',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => warrantyClaims.id),
    status: text('status').notNull(),
    message: text('message').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warranty_claim_history_claim_idx').on(t.claimId, t.id)],
);

/**
 * The monthly inspection reminder's claim: the process that inserts (organization, month) sends
 * that organization's reminder; every other process finds the row and sends nothing.
 */
export const inspectionReminderMonths = pgTable(
  'inspection_reminder_months',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** YYYY-MM */
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
);
