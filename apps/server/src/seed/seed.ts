/**
 * The deterministic seed (docs/demo-data.md): the demo set on an empty database at start-up, and the
 * large M set for benchmarks (`npm run seed -- --size=M`). Everything is generated from fixed random
 * streams, so two runs give the same rows; only timestamps move, being relative to `now`.
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseTransaction } from '../db/client.js';
import { badgesTables } from '../modules/badges/index.js';
import { catalogTables, refreshFeatured } from '../modules/catalog/index.js';
import { ordersTables } from '../modules/orders/index.js';
import { organizationsTables } from '../modules/organizations/index.js';
import { usersTables } from '../modules/users/index.js';
import { hashPassword } from '../modules/auth/index.js';
import { EVENT_BADGES } from './badges.js';
import { insertRows, resetSequence, withIndexesRebuilt, type Executor } from './bulk-insert.js';
import { seedDemoEquipment, seedShippedEquipment } from './equipment.js';
import { seedDemoInvoices } from './invoices.js';
import { generateOrders, type ProductPools } from './orders.js';
import { buildOrganizations, CATALOGS, DEMO_PASSWORD, PRICE_LISTS, type OrganizationSet } from './organizations.js';
import { productPlans, sellableOf, type ProductPlan, type SellableProduct } from './products.js';
import { scaledProfile, SIZE_PROFILES, type SeedSize, type SizeProfile } from './sizes.js';
import { WAREHOUSES } from './warehouses.js';

export type SeedOptions = {
  size: SeedSize;
  /** The moment the history is relative to; defaults to the current time. */
  now?: Date;
  /** Shrinks the M set proportionally (e.g. 0.05), to time or test the large-set path quickly. */
  scale?: number;
  onProgress?: (message: string) => void;
};

export type SeedSummary = {
  size: SeedSize;
  organizations: number;
  branches: number;
  users: number;
  products: number;
  catalogProducts: number;
  priceListItems: number;
  stockRows: number;
  scheduledReceipts: number;
  orders: number;
  orderLines: number;
  shipments: number;
  shipmentPackages: number;
  shipmentLines: number;
  eventBadges: number;
  milliseconds: number;
};

/** Any constant: serializes concurrent seeders (several server processes starting on one database). */
const SEED_LOCK_KEY = 72_616_001;

type Tx = DatabaseTransaction;

/** Seeds the demo set if the database has no organization yet; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false; // another process seeded while we waited for the lock
    await seedInto(tx, SIZE_PROFILES.demo, new Date(), passwordHash, () => {});
    return true;
  });
}

/** Seeds the given set into the database in one transaction: a failure leaves nothing behind. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const base = SIZE_PROFILES[options.size];
  const profile = options.scale && options.scale !== 1 ? scaledProfile(base, options.scale) : base;
  const passwordHash = await hashPassword(DEMO_PASSWORD); // scrypt is slow on purpose: hash once, share.
  const progress = options.onProgress ?? (() => {});
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return seedInto(tx, profile, options.now ?? new Date(), passwordHash, progress);
  });
  // Fresh statistics so the first queries after a large seed get good plans, and the visibility map
  // set, so index-only scans (browsing, order lists) need no heap visits from the first request on.
  progress('vacuum and analyze');
  await db.execute(sql`VACUUM (ANALYZE)`);
  return summary;
}

async function isEmpty(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM organizations) AS empty`);
  return (result.rows[0] as { empty: boolean }).empty;
}

async function seedInto(
  tx: Tx,
  profile: SizeProfile,
  now: Date,
  passwordHash: string,
  progress: (message: string) => void,
): Promise<SeedSummary> {
  const started = Date.now();
  const orgs = buildOrganizations(profile, passwordHash, now);

  await insertRows(tx, catalogTables.priceLists, PRICE_LISTS);
  await insertRows(tx, organizationsTables.organizations, orgs.organizations);
  await insertRows(
    tx,
    organizationsTables.branches,
    orgs.branches.map((b) => ({
      id: b.id,
      organizationId: b.organizationId,
      branchNumber: b.branchNumber,
      name: b.name,
      shipToStreet1: b.shipToStreet1,
      shipToStreet2: b.shipToStreet2,
      shipToCity: b.shipToCity,
      shipToState: b.shipToState,
      shipToPostalCode: b.shipToPostalCode,
    })),
  );
  await insertRows(
    tx,
    catalogTables.catalogs,
    CATALOGS.map((c) => ({ ...c })),
  );
  await insertRows(tx, organizationsTables.organizationCatalogs, orgs.organizationCatalogs);
  await insertRows(tx, organizationsTables.terminals, orgs.terminals);
  await insertRows(tx, organizationsTables.takenBys, orgs.takenBys);
  await insertRows(
    tx,
    catalogTables.warehouses,
    WAREHOUSES.map((w) => ({ ...w })),
  );
  await insertRows(
    tx,
    usersTables.users,
    orgs.users.map(({ branchIds: _branchIds, ...row }) => row),
  );
  await insertRows(
    tx,
    usersTables.userBranches,
    orgs.users.flatMap((u) => u.branchIds.map((branchId) => ({ userId: u.id, branchId }))),
  );
  progress(`organizations ${orgs.organizations.length}, branches ${orgs.branches.length}, users ${orgs.users.length}`);

  // Large sets load with secondary indexes dropped and rebuilt once at the end (see withIndexesRebuilt).
  const load = () => loadCatalogAndHistory(tx, profile, now, orgs, progress);
  let loaded: Awaited<ReturnType<typeof load>>;
  if (profile.size === 'M') {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '128MB'`);
    loaded = await withIndexesRebuilt(tx, BULK_TABLES, TRIGGER_LOOKUP_INDEXES, async () => {
      const value = await load();
      progress('rebuilding indexes');
      return value;
    });
  } else {
    loaded = await load();
  }
  const { counts, orderCounts } = loaded;

  await insertRows(tx, badgesTables.eventBadges, EVENT_BADGES);
  // Issue 36: organization 1's credit limit and invoices (the demo set only: benchmarks keep no limit).
  const invoiceCount = profile.size === 'demo' ? await seedDemoInvoices(tx, now) : 0;
  progress(`invoices ${invoiceCount}`);
  // Issue 37: units from the shipped serialized products (every size); the demo's named units and claim.
  const unitCount = await seedShippedEquipment(tx, now);
  if (profile.size === 'demo') await seedDemoEquipment(tx, now);
  progress(`equipment ${unitCount}`);
  // 'Featured' counted as a server's recount would count it (featured.ts), in one batch: the first
  // server start after a seed then finds nothing to write. Left to that start, the M set's recount
  // rewrote ~200,000 rows of catalog_search while the start waited for it to build its search index.
  const featured = await refreshFeatured(tx, now, Number.MAX_SAFE_INTEGER);
  progress(`featured counts ${featured.changedRows}`);

  for (const table of [
    'price_lists',
    'organizations',
    'branches',
    'taken_bys',
    'users',
    'scheduled_receipts',
    'orders',
    'shipments',
    'shipment_packages',
    'invoices',
  ]) {
    await resetSequence(tx, table);
  }

  return {
    size: profile.size,
    organizations: orgs.organizations.length,
    branches: orgs.branches.length,
    users: orgs.users.length,
    ...counts,
    orders: orderCounts.orders,
    orderLines: orderCounts.lines,
    shipments: orderCounts.shipments,
    shipmentPackages: orderCounts.packages,
    shipmentLines: orderCounts.shipmentLines,
    eventBadges: EVENT_BADGES.length,
    milliseconds: Date.now() - started,
  };
}

const BULK_TABLES = [
  'products',
  'catalog_products',
  // Filled by the catalog_products triggers (0006_catalog_search.sql); its GIN indexes build once.
  'catalog_search',
  // Likewise (0021_catalog_prices.sql), from catalog_products and price_list_items.
  'catalog_prices',
  // Likewise (0029_equipment_keyword_texts.sql), from products: its trigram index builds once.
  'equipment_product_texts',
  'price_list_items',
  'stock',
  'scheduled_receipts',
  'orders',
  'order_lines',
  'shipments',
  'shipment_packages',
  'shipment_lines',
];

/**
 * Indexes of BULK_TABLES the catalog triggers look rows up by (0006, 0015, 0021, 0028): the listings
 * and prices of the SKUs a statement wrote, and the search rows whose stock changed.
 */
const TRIGGER_LOOKUP_INDEXES = ['catalog_products_sku_idx', 'catalog_prices_sku_idx', 'catalog_search_sku_key_idx'];

/** Products in batches (keeping only what orders need of each), then the order history in batches. */
async function loadCatalogAndHistory(tx: Tx, profile: SizeProfile, now: Date, orgs: OrganizationSet, progress: (message: string) => void) {
  const counts = { products: 0, catalogProducts: 0, priceListItems: 0, stockRows: 0, scheduledReceipts: 0 };
  const lifts: SellableProduct[] = [];
  const show: SellableProduct[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const flushProducts = async (plans: ProductPlan[]) => {
    const catalogProducts = plans.flatMap((p) => p.catalogs.map((catalogId) => ({ catalogId, sku: p.row.sku })));
    const prices = plans.flatMap((p) => p.prices.map((price) => ({ ...price, sku: p.row.sku })));
    const stock = plans.flatMap((p) => p.stock.map((s) => ({ ...s, sku: p.row.sku })));
    const receipts = plans.flatMap((p) =>
      p.receipts.map((r) => ({
        warehouseCode: r.warehouseCode,
        sku: p.row.sku,
        quantity: r.quantity,
        receiptDate: new Date(today + r.inDays * 86_400_000).toISOString().slice(0, 10),
      })),
    );
    await insertRows(
      tx,
      catalogTables.products,
      plans.map((p) => p.row),
      2000,
    );
    await insertRows(tx, catalogTables.catalogProducts, catalogProducts, 10_000);
    await insertRows(tx, catalogTables.priceListItems, prices, 10_000);
    await insertRows(tx, catalogTables.stock, stock, 10_000);
    await insertRows(tx, catalogTables.scheduledReceipts, receipts, 10_000);
    counts.products += plans.length;
    counts.catalogProducts += catalogProducts.length;
    counts.priceListItems += prices.length;
    counts.stockRows += stock.length;
    counts.scheduledReceipts += receipts.length;
  };
  let plans: ProductPlan[] = [];
  for (const plan of productPlans(profile)) {
    const sellable = sellableOf(plan);
    if (plan.catalogs.includes('lifts')) lifts.push(sellable);
    if (plan.catalogs.includes('show')) show.push(sellable);
    plans.push(plan);
    if (plans.length >= profile.productBatch) {
      await flushProducts(plans);
      plans = [];
      progress(`products ${counts.products}`);
    }
  }
  await flushProducts(plans);
  progress(`products ${counts.products}`);

  // Scripted orders draw from the first products only, which are the same in every size.
  const early = lifts.slice(0, 150);
  const pools: ProductPools = {
    lifts,
    show,
    scriptedParcel: early.filter((p) => p.flags.isSmallParcel),
    scriptedFreight: early.filter((p) => !p.flags.isSmallParcel),
  };
  const orderCounts = await generateOrders(profile, now, orgs, pools, async (batch) => {
    await insertRows(tx, ordersTables.orders, batch.orders, 2500);
    await insertRows(tx, ordersTables.orderLines, batch.lines, 10_000);
    await insertRows(tx, ordersTables.shipments, batch.shipments, 10_000);
    await insertRows(tx, ordersTables.shipmentPackages, batch.packages, 10_000);
    await insertRows(tx, ordersTables.shipmentLines, batch.shipmentLines, 10_000);
    progress(`orders ${batch.orders.at(-1)?.id ?? 0} (entered up to ${batch.orders.at(-1)?.enteredAt?.toISOString().slice(0, 10) ?? '-'})`);
  });
  return { counts, orderCounts };
}
