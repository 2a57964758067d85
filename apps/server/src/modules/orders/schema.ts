/**
 * Orders, their lines and shipments (written by checkout completion and the integration API).
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { branches, organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const orderDocumentNumbers = pgSequence('order_document_number_seq', { startWith: 5000001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    documentNumber: bigint('document_number', { mode: 'number' }).notNull(),
    confirmationNumber: text('confirmation_number').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    enteredByUserId: integer('entered_by_user_id').references(() => users.id),
    catalogId: text('catalog_id'),
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    reference: text('reference').notNull().default(''),
    statusCode: integer('status_code').notNull().default(10),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    billTo: jsonb('bill_to').$type<Record<string, string>>().notNull().default({}),
    shipToName: text('ship_to_name').notNull().default(''),
    shipToAddress1: text('ship_to_address1').notNull().default(''),
    shipToAddress2: text('ship_to_address2').notNull().default(''),
    shipToAddress3: text('ship_to_address3').notNull().default(''),
    shipToCity: text('ship_to_city').notNull().default(''),
    shipToState: text('ship_to_state').notNull().default(''),
    shipToPostalCode: text('ship_to_postal_code').notNull().default(''),
    shipToEmail: text('ship_to_email').notNull().default(''),
    shipToPhone: text('ship_to_phone').notNull().default(''),
    noticeCents: integer('notice_cents').notNull().default(0),
    forkliftCents: integer('forklift_cents').notNull().default(0),
    liftgateCents: integer('liftgate_cents').notNull().default(0),
    residentialCents: integer('residential_cents').notNull().default(0),
    deliveryAccessSurchargeCents: integer('delivery_access_surcharge_cents').notNull().default(0),
    limitedAccessCents: integer('limited_access_cents').notNull().default(0),
    dockHoldCents: integer('dock_hold_cents').notNull().default(0),
    otherCents: integer('other_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    orderCents: integer('order_cents').notNull().default(0),
    shipvia: text('shipvia').notNull().default(''),
    onAccount: boolean('on_account').notNull().default(false),
    cashOrder: boolean('cash_order').notNull().default(false),
    takenBy: text('taken_by').notNull().default(''),
    notes: text('notes').notNull().default(''),
    shippingInstructions: text('shipping_instructions').notNull().default(''),
    taxCertificateNumber: text('tax_certificate_number').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_document_number_idx').on(t.documentNumber),
    uniqueIndex('orders_confirmation_number_idx').on(t.confirmationNumber),
    index('orders_org_branch_entered_idx').on(t.organizationId, t.branchId, t.enteredAt),
    index('orders_org_branch_status_idx').on(t.organizationId, t.branchId, t.statusCode),
    index('orders_org_branch_shipped_idx').on(t.organizationId, t.branchId, t.shippedAt),
    index('orders_org_branch_cancelled_idx').on(t.organizationId, t.branchId, t.cancelledAt),
    index('orders_entered_by_idx').on(t.enteredByUserId, t.enteredAt),
    index('orders_updated_idx').on(t.updatedAt),
    // The credit check's on-account orders not yet invoiced (decision 020; 0024).
    index('orders_on_account_uninvoiced_idx')
      .on(t.organizationId)
      .where(sql`${t.onAccount} AND ${t.statusCode} >= 0 AND ${t.statusCode} < 70`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    lineNumber: integer('line_number').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    quantityOrdered: integer('quantity_ordered').notNull(),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    isLabor: boolean('is_labor').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNumber] })],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shipmentNumber: integer('shipment_number').notNull(),
    statusCode: integer('status_code').notNull(),
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    shippedDate: date('shipped_date', { mode: 'string' }),
    scac: text('scac').notNull().default(''),
    scacLabel: text('scac_label').notNull().default(''),
  },
  (t) => [uniqueIndex('shipments_order_number_idx').on(t.orderId, t.shipmentNumber)],
);

export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url').notNull().default(''),
  },
  (t) => [index('shipment_packages_shipment_idx').on(t.shipmentId)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    lineNumber: integer('line_number').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    quantityShipped: integer('quantity_shipped').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.lineNumber] })],
);

/**
 * A revision per branch that has orders, moved by the triggers of 0012_order_list_revisions.sql in
 * the same transaction as any change of the branch's orders; the order lists' answers kept per
 * process are valid while it stands (list-cache.ts). Revisions come from their own sequence.
 */
export const orderListRevisionNumbers = pgSequence('order_list_revision_seq');

export const orderListRevisions = pgTable(
  'order_list_revisions',
  {
    organizationId: integer('organization_id').notNull(),
    branchId: integer('branch_id').notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.branchId] })],
);
