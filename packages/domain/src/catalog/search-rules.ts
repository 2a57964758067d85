/** The zod-free rules of search.ts (its API schemas stay there); exported through src/rules.ts. */
import { hasUnsafeText } from '../validators-rules.js';

export const SKU_MAX_LENGTH = 64;

/** What `skuSchema` accepts, for code that checks a SKU without zod (the quick-order parser). */
export function isValidSku(sku: string): boolean {
  const trimmed = sku.trim();
  return !hasUnsafeText(sku) && trimmed.length >= 1 && trimmed.length <= SKU_MAX_LENGTH;
}

/**
 * Columns of the export, in order (documented in docs/api.md). Money in dollars with two decimals;
 * the export has no destination state, so it carries the catalog's total stock (netAvailable).
 */
export const CATALOG_EXPORT_COLUMNS = [
  'sku',
  'brand',
  'model',
  'label',
  'shortDescription',
  'price',
  'msrp',
  'netAvailable',
  'nextReceiptDate',
  'weight',
  'length',
  'width',
  'height',
  'requiresFlatbed',
  'requiresForkLift',
  'requiresLiftGate',
  'requiresResidential',
  'isSmallParcel',
  'category',
  'warrantyMonths',
] as const;
