/**
 * The catalogs themselves (not their products), their price lists and the warehouses: what the
 * operator sets up (catalogs-setup.ts) and one catalog's price basis. Private to the catalog module.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { catalogs, priceLists, warehouses } from './schema.js';

export type CatalogRow = typeof catalogs.$inferSelect;
export type PriceListRow = typeof priceLists.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;

export async function findCatalogPriceBasis(
  db: Database,
  catalogId: string,
): Promise<{ id: string; priceListId: number; shipsOnlyFrom: string | null } | undefined> {
  const [catalog] = await db
    .select({ id: catalogs.id, priceListId: catalogs.priceListId, shipsOnlyFrom: catalogs.shipsOnlyFrom })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId))
    .limit(1);
  return catalog;
}

export const listCatalogRows = (db: Queryable): Promise<CatalogRow[]> => db.select().from(catalogs).orderBy(asc(catalogs.id));
export const listPriceListRows = (db: Queryable): Promise<PriceListRow[]> => db.select().from(priceLists).orderBy(asc(priceLists.id));
export const listWarehouseRows = (db: Queryable): Promise<WarehouseRow[]> => db.select().from(warehouses).orderBy(asc(warehouses.code));

export async function catalogExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.id, id))).length > 0;
}

export async function priceListExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.id, id))).length > 0;
}

export async function warehouseExists(db: Queryable, code: string): Promise<boolean> {
  return (await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.code, code))).length > 0;
}

export async function insertPriceList(db: Queryable, name: string): Promise<PriceListRow> {
  const [row] = await db.insert(priceLists).values({ name }).returning();
  return row!;
}

export async function insertWarehouse(db: Queryable, values: typeof warehouses.$inferInsert): Promise<void> {
  await db.insert(warehouses).values(values);
}

export async function insertCatalog(db: Queryable, values: typeof catalogs.$inferInsert): Promise<CatalogRow> {
  const [row] = await db.insert(catalogs).values(values).returning();
  return row!;
}

/** The ids among `ids` that name a catalog. */
export async function findCatalogIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: catalogs.id }).from(catalogs).where(inArray(catalogs.id, ids));
  return new Set(rows.map((r) => r.id));
}
