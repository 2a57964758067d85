/**
 * The database schema: every entity of the spec's section 3 plus what the server needs to keep
 * (sessions, login throttling, checkouts, the mail outbox, password challenges, API keys).
 * Money is integer cents (`*_cents`), never floating point (server-rules "Money").
 * Migrations are generated from this file by drizzle-kit into `../../drizzle/` and committed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

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
  },
  (t) => [uniqueIndex('branches_org_number_idx').on(t.organizationId, t.branchNumber)],
);

export const catalogs = pgTable('catalogs', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  priceListId: integer('price_list_id')
    .notNull()
    .references(() => priceLists.id),
  /** When set, the catalog ships only from this warehouse (catalog `show` from SHW2). */
  shipsOnlyFrom: text('ships_only_from'),
});

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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, counted per email and per address to throttle guessing (kept in the database so every process sees them). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * Login throttling counters (migration 0008): one row per key, `pair:<address> <email>` and
 * `address:<address>`, claimed atomically before the password is checked (auth/repository.ts).
 */
export const loginLimits = pgTable(
  'login_limits',
  {
    key: text('key').primaryKey(),
    email: text('email'),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_limits_email_idx').on(t.email)],
);

export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    brand: text('brand').notNull(),
    model: text('model').notNull().default(''),
    kind: text('kind').notNull().default(''),
    label: text('label').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    mediumDescription: text('medium_description').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    inTheBox: jsonb('in_the_box').$type<string[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    downloads: jsonb('downloads').$type<Record<string, string>>().notNull().default({}),
    msrpCents: integer('msrp_cents').notNull(),
    weight: integer('weight').notNull().default(0),
    length: integer('length').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    requiresGeoWarehouse: boolean('requires_geo_warehouse').notNull().default(false),
    requiresFlatbed: boolean('requires_flatbed').notNull().default(false),
    requiresForkLift: boolean('requires_fork_lift').notNull().default(false),
    requiresLiftGate: boolean('requires_lift_gate').notNull().default(false),
    requiresResidential: boolean('requires_residential').notNull().default(false),
    isSmallParcel: boolean('is_small_parcel').notNull().default(false),
  },
  (t) => [index('products_brand_idx').on(t.brand)],
);

export const catalogProducts = pgTable(
  'catalog_products',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.sku] }), index('catalog_products_sku_idx').on(t.sku)],
);

/** PostgreSQL's full-text document type (only written by the triggers of 0006_catalog_search.sql). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The catalog's search structure (decision 008): one narrow row per catalog and product with the
 * weighted full-text document, SKU and label (trigram indexes) and brand key. Derived data: the
 * triggers of drizzle/0006_catalog_search.sql keep it in step with products and catalog_products
 * in the same transaction; nothing else writes it.
 */
export const catalogSearch = pgTable(
  'catalog_search',
  {
    catalogId: text('catalog_id').notNull(),
    sku: text('sku').notNull(),
    /** lower(sku), lower(brand), lower(label): matched with LIKE, which costs far less per row than ILIKE. */
    skuKey: text('sku_key').notNull(),
    brandKey: text('brand_key').notNull(),
    labelKey: text('label_key').notNull(),
    document: tsvector('document').notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.sku] })],
);

/** Per catalog, kept by the same triggers: the number of products listed and a version that moves with every change. */
export const catalogSearchTotals = pgTable('catalog_search_totals', {
  catalogId: text('catalog_id').primaryKey(),
  products: integer('products').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const priceListItems = pgTable(
  'price_list_items',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.sku] })],
);

export const warehouses = pgTable('warehouses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** A regional warehouse serves a fixed list of states; B250 and SHW2 serve none as "in region". */
  regionStates: text('region_states')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const stock = pgTable(
  'stock',
  {
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.warehouseCode] })],
);

export const scheduledReceipts = pgTable(
  'scheduled_receipts',
  {
    id: serial('id').primaryKey(),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    quantity: integer('quantity').notNull(),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('scheduled_receipts_sku_idx').on(t.sku, t.receiptDate)],
);

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

/** Durable mail outbox: a worker claims rows with FOR UPDATE SKIP LOCKED and sends each once. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** Makes enqueueing idempotent, e.g. `order-confirmation:5000123:user:4`. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey), index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Where the development mail transport delivers: shown at /dev/mailbox. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toAddress, t.id)],
);

/** Password reset and activation codes (server-rules "Password codes"); code and token stored hashed. */
export const passwordChallenges = pgTable(
  'password_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_challenges_user_idx').on(t.userId, t.createdAt)],
);

/** Keys of the manufacturer's systems for the integration API; stored hashed. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

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

/**
 * The audit trail (issue 20): who changed what, when, with the values before and after. The actor's
 * name and email are kept as they were, so the entry reads the same after the user changes.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    userEmail: text('user_email').notNull().default(''),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    subjectId: integer('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entries_org_idx').on(t.organizationId, t.id),
    index('audit_entries_org_user_idx').on(t.organizationId, t.userId, t.id),
    index('audit_entries_org_kind_idx').on(t.organizationId, t.kind, t.id),
  ],
);

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
