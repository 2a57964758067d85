/**
 * The catalog file of the command line (`npm run portal -- export catalog --catalog=ID`): the same
 * columns and rows as the dealers' CSV export (catalog/export.ts), priced at the catalog's own
 * price list (no organization's prices, no restriction), so it is what `import catalog` reads back.
 */
import { CATALOG_EXPORT_COLUMNS } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { csvRow, catalogExportBatch, ownPricesOf } from '../catalog/index.js';
import { ImportFileError } from './errors.js';

const BATCH_SIZE = 2000;

/** Writes the catalog's CSV through `write` (which may wait for the output to drain); ImportFileError (404) for an unknown catalog. */
export async function exportCatalogFile(db: Database, catalogId: string, write: (chunk: string) => Promise<void> | void): Promise<number> {
  const ctx = await ownPricesOf(db, catalogId);
  if (!ctx) throw new ImportFileError(`No catalog has the id ${catalogId}.`, 404);
  await write(csvRow(CATALOG_EXPORT_COLUMNS));
  let after = '';
  let count = 0;
  for (;;) {
    const batch = await catalogExportBatch(db, ctx, { after, limit: BATCH_SIZE });
    if (batch.rows > 0) await write(batch.csv);
    count += batch.rows;
    if (batch.rows < BATCH_SIZE) return count;
    after = batch.lastSku;
  }
}
