/**
 * What the in-process search index (search-index-store.ts, decision 023) reads of a catalog: its
 * search rows with prices and the warehouses that serve it, or the stock and price rows stamped
 * after a data revision; each read in one REPEATABLE READ snapshot together with the catalog's
 * search version and the data revision it matches.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { IndexRow, IndexWarehouse } from './search-index.js';

/**
 * A row stamped after the revision an index has applied: a product's stocked warehouses ('s'), its
 * prices ('p'), or its stock and receipts ('q', drizzle/0034: `stock` and `receipts` as stockTexts writes them).
 */
export type IndexChange = {
  kind: 's' | 'p' | 'q';
  sku: string;
  codes: string[] | null;
  price_cents: number | null;
  msrp_cents: number | null;
  stock: string | null;
  receipts: string | null;
};

/**
 * A product's stock and receipts as two texts (`stock`, `receipts`; null for none), in the form
 * stock-book.ts splits: chr(30) between records, chr(31) between fields. One indexed read of each table.
 */
function stockTexts(sku: SQL): SQL {
  return sql`(SELECT string_agg(k.warehouse_code || chr(31) || k.quantity::text, chr(30)) FROM stock k WHERE k.sku = ${sku}) AS stock,
    (SELECT string_agg(r.warehouse_code || chr(31) || r.receipt_date::text || chr(31) || r.quantity::text, chr(30))
     FROM scheduled_receipts r WHERE r.sku = ${sku}) AS receipts`;
}

/** Whether warehouse `w` serves catalog `c` (repository.ts regionSources' rule). */
const servesCatalog = sql`CASE WHEN c.ships_only_from IS NULL
  THEN NOT EXISTS (SELECT 1 FROM catalogs reserved WHERE reserved.ships_only_from = w.code)
  ELSE w.code = c.ships_only_from END`;

/** A warehouse as both reads select it (code, region_states, serves). */
type WarehouseRow = { code: string; region_states: string[]; serves: boolean };

const indexWarehouse = (row: WarehouseRow): IndexWarehouse => ({
  code: row.code,
  regionStates: row.region_states,
  servesCatalog: row.serves,
});

async function warehousesOf(tx: Queryable, catalogId: string): Promise<IndexWarehouse[]> {
  const rows = (
    await tx.execute(sql`
      SELECT w.code, w.region_states, ${servesCatalog} AS serves
      FROM warehouses w CROSS JOIN catalogs c WHERE c.id = ${catalogId} ORDER BY w.code`)
  ).rows as WarehouseRow[];
  return rows.map(indexWarehouse);
}

/**
 * The catalog's search version, its content version (the version less the 'Featured' recounts' moves,
 * drizzle/0033: it moves only with listings, texts and synonyms) and the data revision, in the
 * transaction's snapshot.
 */
async function versionsOf(tx: Queryable, catalogId: string): Promise<{ version: number; contentVersion: number; revision: bigint }> {
  const [row] = (
    await tx.execute(sql`
      SELECT t.version::text AS version, (t.version - t.popularity_moves)::text AS content_version,
             (SELECT r.revision FROM catalog_data_revision r WHERE r.id = 1)::text AS revision
      FROM (SELECT 1) one LEFT JOIN catalog_search_totals t ON t.catalog_id = ${catalogId}`)
  ).rows as { version: string | null; content_version: string | null; revision: string | null }[];
  return { version: Number(row?.version ?? 0), contentVersion: Number(row?.content_version ?? 0), revision: BigInt(row?.revision ?? 0) };
}

/** The versions a full read of the catalog's index rows was made at (the rows went to its sink). */
export type IndexSnapshot = {
  version: number;
  contentVersion: number;
  revision: bigint;
};

/** Every product's popularity at a search version, in SKU byte order (the index's ordinals): all a recount changed. */
export type PopularitySnapshot = { version: number; contentVersion: number; popularity: Int32Array };

/**
 * Counts joined with commas, as string_agg writes them: 200,000 of them parse far faster so than as
 * JSON, and in SKU order they need no lookup by SKU.
 */
export function parseCounts(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let commas = 0;
  for (let i = text.indexOf(','); i >= 0; i = text.indexOf(',', i + 1)) commas++;
  const counts = new Int32Array(commas + 1);
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) at++;
    else counts[at] = counts[at]! * 10 + (c - 48);
  }
  return counts;
}

/** Index rows read per FETCH of a build's cursor: a batch is parsed and let go before the next is read. */
export const INDEX_ROWS_PER_BATCH = 10_000;

/** Where a build's rows go, a batch at a time, in SKU byte order (IndexRowsBuilder). */
export type IndexRowSink = { add(rows: readonly IndexRow[]): void };

/**
 * What an index of the catalog needs, read in one snapshot: when the catalog's content version is
 * still `heldContentVersion` (only 'Featured' recounts moved its search version since that index was
 * built), the products' popularity alone; otherwise the warehouses, then every row in SKU byte order
 * (the index's ordinals), INDEX_ROWS_PER_BATCH at a time through a cursor into the sink that
 * `rowsTo` makes of the warehouses: the M set's rows with their documents are ~250 MB as objects,
 * and a process that held them all at once kept that memory afterwards. `plan` hears which of the
 * two it is as soon as the versions are read.
 */
export async function readIndexSnapshot(
  db: Database,
  catalogId: string,
  {
    rowsTo,
    heldContentVersion,
    plan,
    rowsPerBatch = INDEX_ROWS_PER_BATCH,
  }: {
    rowsTo: (warehouses: IndexWarehouse[]) => IndexRowSink;
    heldContentVersion?: number;
    plan?: (popularityOnly: boolean) => void;
    rowsPerBatch?: number;
  },
): Promise<IndexSnapshot | PopularitySnapshot> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const { version, contentVersion, revision } = await versionsOf(tx, catalogId);
    const popularityOnly = contentVersion === heldContentVersion;
    plan?.(popularityOnly);
    if (popularityOnly) {
      const [row] = (
        await tx.execute(sql`
          SELECT string_agg(s.popularity::text, ',' ORDER BY s.sku COLLATE "C") AS popularity
          FROM catalog_search s WHERE s.catalog_id = ${catalogId}`)
      ).rows as { popularity: string | null }[];
      return { version, contentVersion, popularity: parseCounts(row?.popularity ?? '') };
    }
    const sink = rowsTo(await warehousesOf(tx, catalogId));
    await tx.execute(sql`
      DECLARE index_rows NO SCROLL CURSOR FOR
      SELECT s.sku, s.sku_key, s.sku_compact, s.label_key, s.brand, s.category, s.popularity,
             s.stocked_warehouses, s.document::text AS document, cp.price_cents, cp.msrp_cents, ${stockTexts(sql`s.sku`)}
      FROM catalog_search s LEFT JOIN catalog_prices cp ON cp.catalog_id = s.catalog_id AND cp.sku = s.sku
      WHERE s.catalog_id = ${catalogId}
      ORDER BY s.sku COLLATE "C"`);
    for (;;) {
      const batch = (await tx.execute(sql.raw(`FETCH ${Math.floor(rowsPerBatch)} FROM index_rows`))).rows as IndexRow[];
      sink.add(batch);
      if (batch.length < rowsPerBatch) break;
    }
    return { version, contentVersion, revision };
  });
}

/**
 * The stock, price and stock-stamp rows stamped after revision `applied`, the revision now, and the warehouses as
 * they are now: one statement, so one snapshot and one round trip. A process runs it when a search
 * finds its index behind (search-index-store.ts), up to a few times a second under a feed.
 */
export async function readIndexChanges(
  db: Database,
  catalogId: string,
  applied: bigint,
): Promise<{ revision: bigint; changes: IndexChange[]; warehouses: IndexWarehouse[]; priceListsChanged: number[] }> {
  const [row] = await queryRows<{
    revision: string | null;
    changes: IndexChange[] | null;
    warehouses: WarehouseRow[] | null;
    price_lists_changed: number[] | null;
  }>(
    db,
    sql`
      SELECT (SELECT r.revision FROM catalog_data_revision r WHERE r.id = 1)::text AS revision,
        (SELECT json_agg(json_build_object('kind', c.kind, 'sku', c.sku, 'codes', c.codes, 'price_cents', c.price_cents,
                                           'msrp_cents', c.msrp_cents, 'stock', c.stock, 'receipts', c.receipts))
         FROM (
           SELECT 's' AS kind, s.sku, s.stocked_warehouses AS codes, NULL::int AS price_cents, NULL::int AS msrp_cents,
                  NULL::text AS stock, NULL::text AS receipts
           FROM catalog_search s WHERE s.catalog_id = ${catalogId} AND s.stock_revision > ${applied.toString()}::bigint
           UNION ALL
           SELECT 'p', cp.sku, NULL, cp.price_cents, cp.msrp_cents, NULL, NULL
           FROM catalog_prices cp WHERE cp.catalog_id = ${catalogId} AND cp.revision > ${applied.toString()}::bigint
           UNION ALL
           -- Every catalog's stamped SKUs: the index passes over those it does not list. (A join with the
           -- catalog's listings was planned, once prepared, as a scan of all 200,000 of them.)
           SELECT 'q', st.sku, NULL, NULL, NULL, ${stockTexts(sql`st.sku`)}
           FROM catalog_stock_stamps st WHERE st.revision > ${applied.toString()}::bigint
         ) c) AS changes,
        (SELECT json_agg(json_build_object('code', w.code, 'region_states', w.region_states, 'serves', ${servesCatalog})
                ORDER BY w.code)
         FROM warehouses w CROSS JOIN catalogs c WHERE c.id = ${catalogId}) AS warehouses,
        (SELECT array_agg(pl.id) FROM price_lists pl WHERE pl.items_revision > ${applied.toString()}::bigint) AS price_lists_changed`,
    { prepared: true },
  );
  return {
    revision: BigInt(row?.revision ?? 0),
    changes: row?.changes ?? [],
    warehouses: (row?.warehouses ?? []).map(indexWarehouse),
    priceListsChanged: row?.price_lists_changed ?? [],
  };
}

/**
 * An organization price list's items as [sku, cents] and the data revision they are as of: one
 * statement, one snapshot. Read when a price order first needs the list (search-index-store.ts).
 */
export async function readOrganizationPrices(
  db: Database,
  priceListId: number,
): Promise<{ revision: bigint; items: [sku: string, cents: number][] }> {
  const [row] = await queryRows<{ revision: string | null; items: [string, number][] | null }>(
    db,
    sql`
      SELECT (SELECT r.revision FROM catalog_data_revision r WHERE r.id = 1)::text AS revision,
        (SELECT json_agg(json_build_array(i.sku, i.price_cents)) FROM price_list_items i WHERE i.price_list_id = ${priceListId}) AS items`,
    { prepared: true },
  );
  return { revision: BigInt(row?.revision ?? 0), items: row?.items ?? [] };
}

/** The catalog's search version now (0 for a catalog without search rows yet). */
export async function currentSearchVersion(db: Database, catalogId: string): Promise<number> {
  const [row] = await queryRows<{ version: string | null }>(
    db,
    sql`SELECT version::text FROM catalog_search_totals WHERE catalog_id = ${catalogId}`,
  );
  return Number(row?.version ?? 0);
}
