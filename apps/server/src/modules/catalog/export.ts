/**
 * The full-catalog CSV export (`GET /api/catalog/export`, spec 7, file name spec 9). Rows are
 * streamed as the database produces them so server memory stays flat at 200k SKUs
 * (performance.md: first byte < 200 ms, memory growth < 100 MB). See docs/decisions/004: a cursor on
 * PostgreSQL, keyset batches on PGlite (export-repository.ts). Either way the client's back-pressure
 * pauses the reading, and a closed connection stops it.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { CATALOG_EXPORT_COLUMNS, centsToDollars } from '@portal/domain/rules';
import type { CatalogExportQuery } from '@portal/domain';
import type { Database } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { pricingContextFor, requireBranch } from './catalog-access.js';
import { csvRow } from './csv.js';
import { exportRowSource } from './export-repository.js';
import type { ExportRow } from './repository.js';

type ExportColumn = (typeof CATALOG_EXPORT_COLUMNS)[number];

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/** One CSV value per documented column (docs/api.md "Catalog export"). */
const CELL: Record<ExportColumn, (row: ExportRow) => string | number | boolean | null> = {
  sku: (r) => r.sku,
  brand: (r) => r.brand,
  model: (r) => r.model,
  label: (r) => r.label,
  shortDescription: (r) => r.short_description,
  price: (r) => money(r.price_cents),
  msrp: (r) => money(r.msrp_cents),
  netAvailable: (r) => Number(r.in_region) + Number(r.outside_region),
  nextReceiptDate: (r) => r.next_receipt_date,
  weight: (r) => r.weight,
  length: (r) => r.length,
  width: (r) => r.width,
  height: (r) => r.height,
  requiresFlatbed: (r) => r.requires_flatbed,
  requiresForkLift: (r) => r.requires_fork_lift,
  requiresLiftGate: (r) => r.requires_lift_gate,
  requiresResidential: (r) => r.requires_residential,
  isSmallParcel: (r) => r.is_small_parcel,
  category: (r) => r.category,
  warrantyMonths: (r) => r.warranty_months,
};

export function exportLine(row: ExportRow): string {
  return csvRow(CATALOG_EXPORT_COLUMNS.map((column) => CELL[column](row)));
}

/**
 * Writes a chunk, waiting for the client to drain; false once the client has gone. The wait for the
 * event that did not come is called off, so its listeners do not pile up on the stream (a 200k-row
 * export waits thousands of times).
 */
export async function writeWithBackpressure(stream: PassThrough, chunk: string): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.write(chunk)) {
    const waited = new AbortController();
    try {
      await Promise.race([once(stream, 'drain', { signal: waited.signal }), once(stream, 'close', { signal: waited.signal })]);
    } finally {
      waited.abort();
    }
  }
  return !stream.destroyed;
}

/**
 * Checks access first (so a refusal is a normal error answer), then answers the CSV stream. The
 * header row goes out at once; rows follow batch by batch.
 */
export async function openCatalogExport(db: Database, principal: Principal, query: CatalogExportQuery): Promise<Readable> {
  requireBranch(principal, query.branchNumber);
  const ctx = await pricingContextFor(db, principal, query.catalog);
  const source = exportRowSource(db, ctx);

  const stream = new PassThrough();
  stream.write(csvRow(CATALOG_EXPORT_COLUMNS));
  source(async (rows) => writeWithBackpressure(stream, rows.map(exportLine).join('')))
    .then(() => stream.end())
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
