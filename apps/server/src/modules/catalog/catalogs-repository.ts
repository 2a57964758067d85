/** The catalogs themselves (not their products): one catalog's price list and warehouse rule. Private to the catalog module. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { catalogs } from './schema.js';

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
