/**
 * The imports' SQL. Each batch is a handful of set-based statements whose rows travel as one array
 * parameter per column (`unnest($1::text[], $2::int[], ...)`): the statement text is the same for
 * any batch size and no parameter limit applies. Every write skips rows whose values are already
 * stored (IS DISTINCT FROM), so importing a file twice writes nothing the second time, and the
 * catalog search triggers (drizzle/0006, decision 008) see, and re-version, only real changes.
 */
import { sql } from 'drizzle-orm';
import type { CatalogImportRow, PriceImportRow, StockImportRow } from '@portal/domain';
import type { Database, DatabaseTransaction } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

export type Queryable = Database | DatabaseTransaction;

const texts = (values: (string | null | undefined)[]) => sql`${sql.param(values.map((v) => v ?? null))}::text[]`;
const ints = (values: (number | null | undefined)[]) => sql`${sql.param(values.map((v) => v ?? null))}::int[]`;
const bools = (values: (boolean | null | undefined)[]) => sql`${sql.param(values.map((v) => v ?? null))}::boolean[]`;

export async function catalogPriceList(db: Queryable, catalogId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ price_list_id: number }>(db, sql`SELECT price_list_id FROM catalogs WHERE id = ${catalogId}`);
  return row?.price_list_id;
}

export async function priceListExists(db: Queryable, id: number): Promise<boolean> {
  return (await queryRows(db, sql`SELECT 1 FROM price_lists WHERE id = ${id}`)).length > 0;
}

export async function warehouseCodes(db: Queryable): Promise<Set<string>> {
  return new Set((await queryRows<{ code: string }>(db, sql`SELECT code FROM warehouses`)).map((r) => r.code));
}

/** The SKUs of `skus` that are not products: one statement for the whole file. */
export async function unknownSkus(db: Queryable, skus: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ sku: string }>(
    db,
    sql`SELECT t.sku FROM unnest(${texts(skus)}) AS t(sku) WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.sku = t.sku)`,
  );
  return new Set(rows.map((r) => r.sku));
}

/** The SKUs of `skus` that are products already: one statement for the whole file. */
export async function existingSkus(db: Queryable, skus: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ sku: string }>(db, sql`SELECT p.sku FROM products p WHERE p.sku = ANY(${texts(skus)})`);
  return new Set(rows.map((r) => r.sku));
}

const productColumns = (rows: CatalogImportRow[]) => sql`unnest(
    ${texts(rows.map((r) => r.sku))}, ${texts(rows.map((r) => r.brand))}, ${texts(rows.map((r) => r.model))},
    ${texts(rows.map((r) => r.label))}, ${texts(rows.map((r) => r.shortDescription))}, ${ints(rows.map((r) => r.msrp))},
    ${ints(rows.map((r) => r.weight))}, ${ints(rows.map((r) => r.length))}, ${ints(rows.map((r) => r.width))}, ${ints(rows.map((r) => r.height))},
    ${bools(rows.map((r) => r.requiresFlatbed))}, ${bools(rows.map((r) => r.requiresForkLift))}, ${bools(rows.map((r) => r.requiresLiftGate))},
    ${bools(rows.map((r) => r.requiresResidential))}, ${bools(rows.map((r) => r.isSmallParcel))}, ${texts(rows.map((r) => r.category))},
    ${ints(rows.map((r) => r.warrantyMonths))}
  ) AS v(sku, brand, model, label, short_description, msrp_cents, weight, length, width, height,
         requires_flatbed, requires_fork_lift, requires_lift_gate, requires_residential, is_small_parcel, category, warranty_months)`;

/**
 * Updates the batch's existing products whose values differ (a field not given keeps its value);
 * answers the SKUs changed.
 */
export async function updateProducts(db: Queryable, rows: CatalogImportRow[]): Promise<string[]> {
  const result = await queryRows<{ sku: string }>(
    db,
    sql`
    WITH v AS (SELECT * FROM ${productColumns(rows)}),
    n AS (
      SELECT p.sku, v.brand, coalesce(v.model, p.model) AS model, v.label,
             coalesce(v.short_description, p.short_description) AS short_description, v.msrp_cents,
             coalesce(v.weight, p.weight) AS weight, coalesce(v.length, p.length) AS length,
             coalesce(v.width, p.width) AS width, coalesce(v.height, p.height) AS height,
             coalesce(v.requires_flatbed, p.requires_flatbed) AS requires_flatbed,
             coalesce(v.requires_fork_lift, p.requires_fork_lift) AS requires_fork_lift,
             coalesce(v.requires_lift_gate, p.requires_lift_gate) AS requires_lift_gate,
             coalesce(v.requires_residential, p.requires_residential) AS requires_residential,
             coalesce(v.is_small_parcel, p.is_small_parcel) AS is_small_parcel,
             coalesce(v.category, p.category) AS category,
             coalesce(v.warranty_months, p.warranty_months) AS warranty_months
      FROM v JOIN products p ON p.sku = v.sku
      WHERE (p.brand, p.model, p.label, p.short_description, p.msrp_cents, p.weight, p.length, p.width, p.height,
             p.requires_flatbed, p.requires_fork_lift, p.requires_lift_gate, p.requires_residential, p.is_small_parcel, p.category,
             p.warranty_months)
        IS DISTINCT FROM
            (v.brand, coalesce(v.model, p.model), v.label, coalesce(v.short_description, p.short_description), v.msrp_cents,
             coalesce(v.weight, p.weight), coalesce(v.length, p.length), coalesce(v.width, p.width), coalesce(v.height, p.height),
             coalesce(v.requires_flatbed, p.requires_flatbed), coalesce(v.requires_fork_lift, p.requires_fork_lift),
             coalesce(v.requires_lift_gate, p.requires_lift_gate), coalesce(v.requires_residential, p.requires_residential),
             coalesce(v.is_small_parcel, p.is_small_parcel), coalesce(v.category, p.category),
             coalesce(v.warranty_months, p.warranty_months))
    )
    UPDATE products p SET brand = n.brand, model = n.model, label = n.label, short_description = n.short_description,
      msrp_cents = n.msrp_cents, weight = n.weight, length = n.length, width = n.width, height = n.height,
      requires_flatbed = n.requires_flatbed, requires_fork_lift = n.requires_fork_lift, requires_lift_gate = n.requires_lift_gate,
      requires_residential = n.requires_residential, is_small_parcel = n.is_small_parcel, category = n.category,
      warranty_months = n.warranty_months
    FROM n WHERE p.sku = n.sku
    RETURNING p.sku`,
  );
  return result.map((r) => r.sku);
}

/** Inserts the batch's products, all new (defaults for what is not given); answers their SKUs. */
export async function insertProducts(db: Queryable, rows: CatalogImportRow[]): Promise<string[]> {
  const result = await queryRows<{ sku: string }>(
    db,
    sql`
    INSERT INTO products (sku, brand, model, label, short_description, msrp_cents, weight, length, width, height,
                          requires_flatbed, requires_fork_lift, requires_lift_gate, requires_residential, is_small_parcel, category,
                          warranty_months)
    SELECT v.sku, v.brand, coalesce(v.model, ''), v.label, coalesce(v.short_description, ''), v.msrp_cents,
           coalesce(v.weight, 0), coalesce(v.length, 0), coalesce(v.width, 0), coalesce(v.height, 0),
           coalesce(v.requires_flatbed, false), coalesce(v.requires_fork_lift, false), coalesce(v.requires_lift_gate, false),
           coalesce(v.requires_residential, false), coalesce(v.is_small_parcel, false), coalesce(v.category, ''),
           v.warranty_months
    FROM ${productColumns(rows)}
    ON CONFLICT (sku) DO NOTHING
    RETURNING sku`,
  );
  return result.map((r) => r.sku);
}

/** Lists the SKUs in the catalog (the search triggers add their catalog_search rows); answers the SKUs newly listed. */
export async function listInCatalog(db: Queryable, catalogId: string, skus: string[]): Promise<string[]> {
  const result = await queryRows<{ sku: string }>(
    db,
    sql`INSERT INTO catalog_products (catalog_id, sku) SELECT ${catalogId}, t.sku FROM unnest(${texts(skus)}) AS t(sku)
        ON CONFLICT (catalog_id, sku) DO NOTHING RETURNING sku`,
  );
  return result.map((r) => r.sku);
}

/** Sets prices in a price list; answers the SKUs written and whether each was new. */
export async function upsertPrices(
  db: Queryable,
  priceListId: number,
  rows: PriceImportRow[],
): Promise<{ sku: string; inserted: boolean }[]> {
  return queryRows(
    db,
    sql`INSERT INTO price_list_items (price_list_id, sku, price_cents)
        SELECT ${priceListId}, v.sku, v.price_cents FROM unnest(${texts(rows.map((r) => r.sku))}, ${ints(rows.map((r) => r.price))}) AS v(sku, price_cents)
        ON CONFLICT (price_list_id, sku) DO UPDATE SET price_cents = excluded.price_cents
        WHERE price_list_items.price_cents IS DISTINCT FROM excluded.price_cents
        RETURNING sku, (xmax = 0) AS inserted`,
  );
}

/** Sets warehouse quantities; answers the rows written and whether each was new. */
export async function upsertStock(db: Queryable, rows: StockImportRow[]): Promise<{ sku: string; warehouse: string; inserted: boolean }[]> {
  return queryRows(
    db,
    sql`INSERT INTO stock (sku, warehouse_code, quantity)
        SELECT v.sku, v.warehouse, v.quantity
        FROM unnest(${texts(rows.map((r) => r.sku))}, ${texts(rows.map((r) => r.warehouse))}, ${ints(rows.map((r) => r.quantity))}) AS v(sku, warehouse, quantity)
        ON CONFLICT (sku, warehouse_code) DO UPDATE SET quantity = excluded.quantity
        WHERE stock.quantity IS DISTINCT FROM excluded.quantity
        RETURNING sku, warehouse_code AS warehouse, (xmax = 0) AS inserted`,
  );
}
