/**
 * Catalog, stock and price imports (issue 18): one definition of a row for the command-line tool
 * (`npm run portal -- import ...`) and the integration API (`PUT /api/integration/...`). A cell
 * arrives as text from a CSV file or as a typed value from a JSON body; each field accepts both.
 *
 * The catalog file has exactly the columns of the catalog CSV export (CATALOG_EXPORT_COLUMNS), so an
 * exported file can be edited and imported again. `netAvailable` and `nextReceiptDate` are read-only
 * there: stock is imported with the stock file, receipts come from the manufacturer's systems.
 */
import { z } from 'zod';
import { errorMessageSchema } from './api/errors.js';
import { INT4_MAX } from './validators-rules.js';
import { safeString } from './validators.js';
import { dollarsToCents } from './money.js';
import { IMPORT_COLUMNS, type ImportKind } from './imports-rules.js';

/** Largest amount a cents column (int4) holds, in whole dollars with two decimals: 9,999,999.99. */
const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,10}$/;

const cellText = (value: string | number | boolean) => (typeof value === 'string' ? value.trim() : String(value));

function money(label: string) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = cellText(value);
    if (!MONEY.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars such as 1234.50 (at most 9999999.99).` });
      return z.NEVER;
    }
    return dollarsToCents(Number(text));
  });
}

function wholeNumber(label: string) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = cellText(value);
    if (!WHOLE.test(text) || Number(text) > INT4_MAX) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from 0 to ${INT4_MAX}.` });
      return z.NEVER;
    }
    return Number(text);
  });
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

function yesNo(label: string) {
  return z.union([z.boolean(), z.string(), z.number()]).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const text = cellText(value).toLowerCase();
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    ctx.addIssue({ code: 'custom', message: `${label} must be true or false.` });
    return z.NEVER;
  });
}

function text(label: string, max: number, options: { required?: boolean } = {}) {
  const base = safeString({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} is longer than ${max} characters.` });
  return options.required ? base.min(1, { error: `${label} is required.` }) : base;
}

/** A SKU: what the catalog's URLs and the cart carry; no spaces or commas (quick order splits on them). */
export const importSkuSchema = safeString({ error: 'The SKU is required.' })
  .trim()
  .min(1, { error: 'The SKU is required.' })
  .max(64, { error: 'The SKU is longer than 64 characters.' })
  .regex(/^[^\s,]+$/, { error: 'The SKU must not contain spaces or commas.' });

/**
 * One product of a catalog import. Columns left out (or absent from the file) keep the product's
 * current value, or the default for a new product; `price` sets the catalog's price list.
 */
export const catalogImportRowSchema = z.object({
  sku: importSkuSchema,
  brand: text('The brand', 100, { required: true }),
  model: text('The model', 100).optional(),
  label: text('The label', 300, { required: true }),
  shortDescription: text('The short description', 2000).optional(),
  price: money('The price').optional(),
  msrp: money('The MSRP'),
  weight: wholeNumber('The weight').optional(),
  length: wholeNumber('The length').optional(),
  width: wholeNumber('The width').optional(),
  height: wholeNumber('The height').optional(),
  requiresFlatbed: yesNo('requiresFlatbed').optional(),
  requiresForkLift: yesNo('requiresForkLift').optional(),
  requiresLiftGate: yesNo('requiresLiftGate').optional(),
  requiresResidential: yesNo('requiresResidential').optional(),
  isSmallParcel: yesNo('isSmallParcel').optional(),
  /** The catalog screen's 'Category' filter (issue 32); an empty cell clears it, a file without the column keeps it. */
  category: text('The category', 100).optional(),
  /** Issue 37: the warranty of a serialized unit in months (0-600); an empty cell keeps the stored value. */
  warrantyMonths: z
    .union([z.number(), z.string()])
    .transform((value, ctx) => {
      const cell = cellText(value);
      if (cell === '') return undefined;
      if (!/^\d{1,3}$/.test(cell) || Number(cell) > 600) {
        ctx.addIssue({ code: 'custom', message: 'The warranty months must be a whole number from 0 to 600.' });
        return z.NEVER;
      }
      return Number(cell);
    })
    .optional(),
});
export type CatalogImportRow = z.output<typeof catalogImportRowSchema>;

/** One warehouse's stock of one SKU: the quantity on hand replaces the stored one. */
export const stockImportRowSchema = z.object({
  sku: importSkuSchema,
  warehouse: text('The warehouse', 20, { required: true }),
  quantity: wholeNumber('The quantity'),
});
export type StockImportRow = z.output<typeof stockImportRowSchema>;

/** One SKU's price in a price list (dealer net, dollars). */
export const priceImportRowSchema = z.object({
  sku: importSkuSchema,
  price: money('The price'),
});
export type PriceImportRow = z.output<typeof priceImportRowSchema>;

export const IMPORT_ROW_SCHEMAS = {
  catalog: catalogImportRowSchema,
  stock: stockImportRowSchema,
  prices: priceImportRowSchema,
} as const;

/** A JSON import body: the rows, each an object with the file's column names as fields. */
export function importJsonBodySchema(kind: ImportKind) {
  const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
  const fields = Object.fromEntries(IMPORT_COLUMNS[kind].map((column) => [column, cell.optional()]));
  return z.array(z.object(fields));
}

/** The answer of an import: what happened to each row (an unchanged row writes nothing). */
export const importResultSchema = z.object({
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Why each skipped row was skipped (with skipInvalid), as the error body lists them. */
  messages: z.array(errorMessageSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importCatalogParamsSchema = z.object({
  id: safeString().trim().min(1).max(50),
});

export const importPriceListParamsSchema = z.object({
  id: z.coerce.number({ error: 'The price list id must be a whole number.' }).int().positive().max(INT4_MAX),
});

/** `?skipInvalid=true`: write the valid rows and report the others, instead of writing nothing. */
export const importQuerySchema = z.object({
  skipInvalid: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
