/**
 * Catalog, stock and price imports (issue 18), used by the command-line tool and the integration
 * API alike:
 *  1. every row is checked first (the shared zod row schemas, repeated keys, unknown SKUs and
 *     warehouses), and each bad row is reported with its line (CSV) or place (JSON);
 *  2. nothing is written unless every row is valid, or `skipInvalid` writes the valid ones;
 *  3. the writes run in one transaction, in batches of set-based statements (repository.ts), and
 *     are idempotent: a row equal to what is stored writes nothing and counts as unchanged.
 */
import { IMPORT_ROW_SCHEMAS, type CatalogImportRow, type ImportResult, type PriceImportRow, type StockImportRow } from '@portal/domain';
import type { ImportKind } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import type { z } from 'zod';
import { ImportFileError, ImportRejectedError, type ImportRowError, type InputRow, type RowPlace } from './errors.js';
import { checkInputRows, type RowIdentity } from './row-check.js';
import {
  catalogPriceList,
  existingSkus,
  insertProducts,
  listInCatalog,
  priceListExists,
  unknownSkus,
  updateProducts,
  upsertPrices,
  upsertStock,
  warehouseCodes,
  type Queryable,
} from './repository.js';

export type ImportTarget = { kind: 'catalog'; catalogId: string } | { kind: 'stock' } | { kind: 'prices'; priceListId: number };

export type ImportOptions = {
  skipInvalid?: boolean;
  /** Rows per batch of statements. */
  batchSize?: number;
  /** Called after each written batch (the command line's progress bar). */
  onProgress?: (written: number, total: number) => void;
};

export type ImportOutcome = Omit<ImportResult, 'messages'> & { errors: ImportRowError[]; invalidRows: number };

export const DEFAULT_BATCH_SIZE = 5000;

type RowOf<K extends ImportKind> = K extends 'catalog' ? CatalogImportRow : K extends 'stock' ? StockImportRow : PriceImportRow;
type Valid<T> = { position: number; row: T };

/** A row's key in its file: the SKU, or the SKU in its warehouse for stock. */
function identityOf<K extends ImportKind>(kind: K, row: RowOf<K>): RowIdentity {
  if (kind !== 'stock') return { key: row.sku, field: 'sku', name: `SKU ${row.sku}` };
  const { warehouse } = row as StockImportRow;
  return { key: `${row.sku}\u0000${warehouse}`, field: 'sku', name: `SKU ${row.sku} in warehouse ${warehouse}` };
}

function checkRows<K extends ImportKind>(kind: K, rows: InputRow[]): { valid: Valid<RowOf<K>>[]; errors: ImportRowError[] } {
  return checkInputRows(rows, IMPORT_ROW_SCHEMAS[kind] as unknown as z.ZodType<RowOf<K>>, (row) => identityOf(kind, row));
}

/** Checks that need the database: the SKUs of stock and prices exist, the warehouses exist. */
async function checkReferences<K extends ImportKind>(db: Queryable, kind: K, valid: Valid<RowOf<K>>[]): Promise<ImportRowError[]> {
  if (kind === 'catalog' || valid.length === 0) return [];
  const errors: ImportRowError[] = [];
  const missing = await unknownSkus(db, [...new Set(valid.map((v) => v.row.sku))]);
  const warehouses = kind === 'stock' ? await warehouseCodes(db) : new Set<string>();
  for (const { position, row } of valid) {
    if (missing.has(row.sku)) errors.push({ position, field: 'sku', message: `No product has the SKU ${row.sku}.` });
    if (kind === 'stock' && !warehouses.has((row as StockImportRow).warehouse))
      errors.push({
        position,
        field: 'warehouse',
        message: `No warehouse has the code ${(row as StockImportRow).warehouse} (the codes are ${[...warehouses].sort().join(', ')}).`,
      });
  }
  return errors;
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The catalog's price list, or the price list itself; ImportFileError (404) when it does not exist. */
async function targetPriceList(db: Queryable, target: ImportTarget): Promise<number | null> {
  if (target.kind === 'catalog') {
    const priceListId = await catalogPriceList(db, target.catalogId);
    if (priceListId === undefined) throw new ImportFileError(`No catalog has the id ${target.catalogId}.`, 404);
    return priceListId;
  }
  if (target.kind === 'prices') {
    if (!(await priceListExists(db, target.priceListId))) throw new ImportFileError(`No price list has the id ${target.priceListId}.`, 404);
    return target.priceListId;
  }
  return null;
}

/** The SKUs of a catalog file that are products already (the others are new), looked up once for the file. */
async function storedProducts(tx: Queryable, target: ImportTarget, rows: { sku: string }[]): Promise<Set<string>> {
  if (target.kind !== 'catalog' || rows.length === 0) return new Set();
  const skus = rows.map((r) => r.sku);
  return existingSkus(tx, skus);
}

/**
 * One batch of a catalog file: its products that exist are updated and the others inserted (each
 * statement only when the batch has such rows: a file of new products updates nothing), then all
 * are listed in the catalog and priced.
 */
async function writeCatalogBatch(tx: Queryable, catalogId: string, priceListId: number, rows: CatalogImportRow[], existing: Set<string>) {
  const stored = rows.filter((r) => existing.has(r.sku));
  const added = rows.filter((r) => !existing.has(r.sku));
  const updated = new Set(stored.length > 0 ? await updateProducts(tx, stored) : []);
  const inserted = new Set(added.length > 0 ? await insertProducts(tx, added) : []);
  const listed = await listInCatalog(
    tx,
    catalogId,
    rows.map((r) => r.sku),
  );
  const priced = rows.filter((r) => r.price !== undefined).map((r) => ({ sku: r.sku, price: r.price! }));
  const repriced = priced.length > 0 ? await upsertPrices(tx, priceListId, priced) : [];
  const changed = new Set([...updated, ...listed, ...repriced.map((r) => r.sku)]);
  for (const sku of inserted) changed.delete(sku);
  return { inserted: inserted.size, updated: changed.size };
}

/**
 * Imports `rows` into the target. Throws ImportFileError when the target does not exist, and
 * ImportRejectedError (nothing written) when a row is invalid and `skipInvalid` is not set.
 */
export async function runImport(
  db: Database,
  target: ImportTarget,
  place: RowPlace,
  rows: InputRow[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const { valid, errors: rowErrors } = checkRows(target.kind, rows);
  return db.transaction(async (tx) => {
    const priceListId = await targetPriceList(tx, target);
    const errors = [...rowErrors, ...(await checkReferences(tx, target.kind, valid))].sort((a, b) => a.position - b.position);
    const invalid = new Set(errors.map((e) => e.position));
    if (invalid.size > 0 && !options.skipInvalid) throw new ImportRejectedError(place, errors, invalid.size);

    const toWrite = valid.filter((v) => !invalid.has(v.position)).map((v) => v.row);
    const existing = await storedProducts(tx, target, toWrite);
    let inserted = 0;
    let updated = 0;
    let written = 0;
    for (const batch of batches(toWrite, batchSize)) {
      if (target.kind === 'catalog') {
        const counts = await writeCatalogBatch(tx, target.catalogId, priceListId!, batch as CatalogImportRow[], existing);
        inserted += counts.inserted;
        updated += counts.updated;
      } else {
        const changes =
          target.kind === 'stock'
            ? await upsertStock(tx, batch as StockImportRow[])
            : await upsertPrices(tx, priceListId!, batch as PriceImportRow[]);
        for (const change of changes) if (change.inserted) inserted++;
        updated += changes.filter((c) => !c.inserted).length;
      }
      written += batch.length;
      options.onProgress?.(written, toWrite.length);
    }
    return {
      rows: rows.length,
      inserted,
      updated,
      unchanged: toWrite.length - inserted - updated,
      skipped: invalid.size,
      errors,
      invalidRows: invalid.size,
    };
  });
}
