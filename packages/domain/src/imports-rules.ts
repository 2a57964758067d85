/** The zod-free rules of imports.ts (its API schemas stay there); exported through src/rules.ts. */
import { CATALOG_EXPORT_COLUMNS } from './catalog/search-rules.js';

export const IMPORT_KINDS = ['catalog', 'stock', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Export columns the import reads but never writes (derived from stock and receipts). */
export const CATALOG_IMPORT_READ_ONLY_COLUMNS = ['netAvailable', 'nextReceiptDate'] as const;

/** The columns a file of each kind may have, in the order an export writes them. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  catalog: CATALOG_EXPORT_COLUMNS,
  stock: ['sku', 'warehouse', 'quantity'],
  prices: ['sku', 'price'],
};

/** The columns a file must have (a JSON row must have these fields). */
export const IMPORT_REQUIRED_COLUMNS: Record<ImportKind, readonly string[]> = {
  catalog: ['sku', 'brand', 'label', 'msrp'],
  stock: ['sku', 'warehouse', 'quantity'],
  prices: ['sku', 'price'],
};

/** At most this many bad rows are listed; a last message counts the rest. */
export const IMPORT_MAX_REPORTED_ERRORS = 100;
