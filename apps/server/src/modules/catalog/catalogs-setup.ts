/**
 * Catalogs, price lists and warehouses as the operator sets them up (`npm run portal -- catalogs|
 * price-lists|warehouses create|list`): what a database without the demo data needs before
 * products, prices and stock can be imported (server-rules "Catalog, price and availability").
 * The arguments are checked by the command line; the rules that need the database are here, as
 * typed errors (409 for a taken id, 404 for a missing price list or warehouse).
 */
import type { Database, Queryable } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import {
  catalogExists,
  findCatalogIds,
  insertCatalog,
  insertPriceList,
  insertWarehouse,
  listCatalogRows,
  listPriceListRows,
  listWarehouseRows,
  priceListExists,
  warehouseExists,
  type CatalogRow,
  type PriceListRow,
} from './catalogs-repository.js';

export const listCatalogs = (db: Database) => listCatalogRows(db);
export const listPriceLists = (db: Database) => listPriceListRows(db);
export const listWarehouses = (db: Database) => listWarehouseRows(db);

export function createPriceList(db: Database, name: string): Promise<PriceListRow> {
  return insertPriceList(db, name);
}

export async function createWarehouse(db: Database, warehouse: { code: string; name: string; regionStates: string[] }): Promise<void> {
  if (await warehouseExists(db, warehouse.code)) throw conflict(`A warehouse ${warehouse.code} already exists.`);
  await insertWarehouse(db, warehouse);
}

/** A catalog; without `priceListId` a new price list, named after it, is made for it. */
export async function createCatalog(
  db: Database,
  catalog: { id: string; label: string; priceListId?: number; shipsOnlyFrom?: string },
): Promise<CatalogRow> {
  const { id, label, shipsOnlyFrom } = catalog;
  return db.transaction(async (tx) => {
    if (await catalogExists(tx, id)) throw conflict(`A catalog ${id} already exists.`);
    if (shipsOnlyFrom && !(await warehouseExists(tx, shipsOnlyFrom))) throw notFound(`No warehouse has the code ${shipsOnlyFrom}.`);
    let priceListId = catalog.priceListId;
    if (priceListId === undefined) priceListId = (await insertPriceList(tx, `${label} prices`)).id;
    else if (!(await priceListExists(tx, priceListId))) throw notFound(`No price list has the id ${priceListId}.`);
    return insertCatalog(tx, { id, label, priceListId, shipsOnlyFrom: shipsOnlyFrom || null });
  });
}

/** Whether a price list has this id (an organization's own price list, modules/organizations). */
export const isPriceList = (db: Queryable, id: number): Promise<boolean> => priceListExists(db, id);

/** The ids among `ids` that name no catalog, in their order (an organization's catalogs, modules/organizations). */
export async function unknownCatalogIds(db: Queryable, ids: string[]): Promise<string[]> {
  const known = await findCatalogIds(db, ids);
  return ids.filter((id) => !known.has(id));
}
