/** The zod-free rules of imports.ts (its API schemas stay there); exported through src/rules.ts. */

export const IMPORT_KINDS = ['catalog', 'stock', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Export columns the import reads but never writes (derived from stock and receipts). */
export const CATALOG_IMPORT_READ_ONLY_COLUMNS = ['netAvailable', 'nextReceiptDate'] as const;
