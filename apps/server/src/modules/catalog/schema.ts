/**
 * The catalog's tables: price lists, catalogs, products and their search structure, warehouses and stock.
 * The catalog import (modules/imports) loads products, prices and stock into them.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
} from 'drizzle-orm/pg-core';

export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The catalog data revision that last changed the list's items (drizzle/0032): an index holding the list drops it after. */
  itemsRevision: bigint('items_revision', { mode: 'number' }).notNull().default(0),
});

export const catalogs = pgTable('catalogs', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  priceListId: integer('price_list_id')
    .notNull()
    .references(() => priceLists.id),
  /** When set, the catalog ships only from this warehouse (catalog `show` from SHW2). */
  shipsOnlyFrom: text('ships_only_from'),
});

export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    brand: text('brand').notNull(),
    model: text('model').notNull().default(''),
    kind: text('kind').notNull().default(''),
    /** The catalog screen's 'Category' filter (issue 32; import and export column `category`). */
    category: text('category').notNull().default(''),
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
    /** The warranty of a serialized unit (issue 37; catalog import column `warrantyMonths`); null: none recorded. */
    warrantyMonths: integer('warranty_months'),
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
    /** The SKU in lower case with letters and digits only (keywords.ts compactSku): SKUs typed without dashes. */
    skuCompact: text('sku_compact').generatedAlwaysAs(sql`regexp_replace(lower(sku), '[^a-z0-9]+', '', 'g')`),
    /** Brand and category as shown: the facet values (drizzle/0015_catalog_facets.sql). */
    brand: text('brand').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Warehouses holding stock of the SKU, kept by the stock triggers of 0015: the 'Availability' filter. */
    stockedWarehouses: text('stocked_warehouses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Orders of the SKU over the last 90 days (featured.ts): the 'Featured' order. */
    popularity: integer('popularity').notNull().default(0),
    /** The catalog data revision that last changed stocked_warehouses (drizzle/0025): the search index's stock deltas. */
    stockRevision: bigint('stock_revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.sku] }),
    index('catalog_search_sku_compact_idx').using('btree', t.catalogId, t.skuCompact.op('text_pattern_ops')),
    index('catalog_search_stock_revision_idx').on(t.catalogId, t.stockRevision),
    index('catalog_search_featured_idx').on(t.catalogId, t.popularity.desc(), t.sku),
    index('catalog_search_name_idx').on(t.catalogId, t.labelKey, t.sku),
    index('catalog_search_category_idx').on(t.catalogId, t.category, t.sku),
  ],
);

/**
 * Per catalog and (brand, category, stocked warehouses): how many products have them, kept by the
 * triggers of drizzle/0019 on catalog_search. The facet counts of a catalog browsed without keywords.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    catalogId: text('catalog_id').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    stockedWarehouses: text('stocked_warehouses').array().notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.brand, t.category, t.stockedWarehouses] })],
);

/**
 * Per catalog and listed SKU: its catalog price (the catalog's price list, else the MSRP) and MSRP,
 * kept by the triggers of drizzle/0021, so a catalog browsed by price reads an index in order.
 */
export const catalogPrices = pgTable(
  'catalog_prices',
  {
    catalogId: text('catalog_id').notNull(),
    sku: text('sku').notNull(),
    priceCents: integer('price_cents').notNull(),
    msrpCents: integer('msrp_cents').notNull(),
    /** The catalog data revision that last changed the row (drizzle/0025): the search index's price deltas. */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.sku] }),
    index('catalog_prices_revision_idx').on(t.catalogId, t.revision),
    index('catalog_prices_price_idx').on(t.catalogId, t.priceCents, t.sku),
    index('catalog_prices_msrp_idx').on(t.catalogId, t.msrpCents, t.sku),
    // The feed's price triggers delete and refresh a price list's rows by SKU (drizzle/0028).
    index('catalog_prices_sku_idx').on(t.sku),
  ],
);

/** Per catalog, kept by the same triggers: the number of products listed and a version that moves with every change. */
export const catalogSearchTotals = pgTable('catalog_search_totals', {
  catalogId: text('catalog_id').primaryKey(),
  products: integer('products').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** How many of the version's moves were 'Featured' recounts (drizzle/0033): version minus these moves only with listings, texts and synonyms. */
  popularityMoves: bigint('popularity_moves', { mode: 'number' }).notNull().default(0),
});

/**
 * Per catalog, the synonym sets its manufacturer manages (issue 32; drizzle/0017_catalog_synonyms.sql):
 * each set a list of lower-cased terms that mean the same (["two post", "2 post"]), read and replaced
 * whole through catalog/synonyms.ts, which moves the catalog's search version with every change.
 */
export const catalogSynonyms = pgTable('catalog_synonyms', {
  catalogId: text('catalog_id')
    .primaryKey()
    .references(() => catalogs.id),
  sets: jsonb('sets').$type<string[][]>().notNull().default([]),
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
  (t) => [primaryKey({ columns: [t.priceListId, t.sku] }), index('price_list_items_price_idx').on(t.priceListId, t.priceCents, t.sku)],
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

/**
 * Each product's row-only JSON fragments (the members of its Product JSON that its row alone gives:
 * `head` sku, brand and model; `tail` its e-commerce texts and shipping data), written by the
 * triggers of drizzle/0035 in the statement that writes the product, and rewritten only when they
 * change. A priced statement reads them as they are instead of writing ~1.5 KB of JSON per product
 * (about half of a 50-product cart's database time); the row's `xmin` is the revision the server's
 * text cache keys them by (product-text-cache.ts).
 */
export const productTexts = pgTable('product_texts', {
  sku: text('sku')
    .primaryKey()
    .references(() => products.sku, { onDelete: 'cascade', onUpdate: 'cascade' }),
  head: text('head').notNull(),
  tail: text('tail').notNull(),
});

/**
 * The catalog data revision that last changed each SKU's stock or scheduled receipts, stamped by
 * the triggers of drizzle/0034: the in-process index reads the stock and receipts of the SKUs
 * stamped after the revision it has applied (search-index-store.ts, decision 026).
 */
export const catalogStockStamps = pgTable(
  'catalog_stock_stamps',
  {
    sku: text('sku').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalog_stock_stamps_revision_idx').on(t.revision)],
);

/**
 * One row: the revision of everything a product's price and availability are computed from
 * (products, catalog_products, catalogs, price_list_items, stock, scheduled_receipts, warehouses),
 * moved by the triggers of 0013_catalog_data_revision.sql in the same transaction as any change of
 * those tables. The priced parts of product answers kept per process are valid while it stands
 * (catalog/priced-cache.ts). Revisions come from their own sequence.
 */
export const catalogDataRevisionNumbers = pgSequence('catalog_data_revision_seq');

export const catalogDataRevision = pgTable(
  'catalog_data_revision',
  {
    id: integer('id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [check('catalog_data_revision_one_row', sql`${t.id} = 1`)],
);
