/**
 * Catalog calls of spec section 7: search criteria, the search answer (spec 3 "Catalog search
 * response"), the product lookup query, the cart's batch lookup and the export query.
 *
 * Ship-to state, branch and catalog are optional in the schemas on purpose: spec 5 says a search
 * without them answers an empty result, not an error. Anything present but malformed is a 400.
 */
import { z } from 'zod';
import { coercedId, idNumber, int4, safeString } from '../validators.js';
import { stateCodeSchema } from '../api/common.js';
import { productSchema } from './product.js';
import { CATALOG_MAX_PAGE_SIZE, CATALOG_MAX_SKU_LIST, CATALOG_SEARCH_DEFAULTS } from './catalog-limits.js';

/** Catalog ids are short slugs (`lifts`, `show`, the fallback `portal`). */
export const catalogIdSchema = safeString().trim().min(1).max(50);
const optionalState = z.union([stateCodeSchema, z.literal('')]).nullish();
const optionalCatalog = z.union([catalogIdSchema, z.literal('')]).nullish();

export const catalogSearchRequestSchema = z.object({
  keywords: safeString().max(200).nullish(),
  brand: safeString().max(100).nullish(),
  catalog: optionalCatalog,
  shipToState: optionalState,
  branchNumber: idNumber().nullish(),
  page: int4().min(1).default(CATALOG_SEARCH_DEFAULTS.page),
  pageSize: z.number().int().min(1).max(CATALOG_MAX_PAGE_SIZE).default(CATALOG_SEARCH_DEFAULTS.pageSize),
});
export type CatalogSearchRequest = z.input<typeof catalogSearchRequestSchema>;
export type CatalogSearchCriteria = z.output<typeof catalogSearchRequestSchema>;

export const catalogSearchResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  results: z.array(productSchema),
});
export type CatalogSearchResponse = z.infer<typeof catalogSearchResponseSchema>;

/** Query of `GET /api/catalog/product/{sku}`: a single product needs all three. */
export const productQuerySchema = z.object({
  shipToState: stateCodeSchema,
  branchNumber: coercedId(),
  catalog: catalogIdSchema,
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const skuSchema = safeString().trim().min(1).max(64);
export const productParamsSchema = z.object({ sku: skuSchema });

/** `POST /api/catalog/products`, the cart refresh (spec 7). */
export const productBatchRequestSchema = z.object({
  skuList: z.array(skuSchema).max(CATALOG_MAX_SKU_LIST),
  shipToState: optionalState,
  branchNumber: idNumber().nullish(),
  catalog: optionalCatalog,
});
export type ProductBatchRequest = z.infer<typeof productBatchRequestSchema>;
export const productBatchResponseSchema = z.array(productSchema);

/** `GET /api/catalog/export` (spec 7): companyNumber is always 1 in the spec's calls. */
export const catalogExportQuerySchema = z.object({
  companyNumber: coercedId().default(1),
  branchNumber: coercedId(),
  catalog: catalogIdSchema,
});
export type CatalogExportQuery = z.infer<typeof catalogExportQuerySchema>;

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
] as const;

/**
 * The product page's quantity box (spec 5 "Product quantity: digits only, otherwise reverts to the
 * current cart quantity or 1"): the quantity the box holds after an edit.
 */
export function productQuantityOf(text: string, cartQuantity: number): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) && Number(trimmed) > 0) return Number(trimmed);
  return cartQuantity > 0 ? cartQuantity : 1;
}
