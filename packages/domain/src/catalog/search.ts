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
import { SKU_MAX_LENGTH } from './search-rules.js';
import { CATALOG_MAX_PAGE_SIZE, CATALOG_MAX_SKU_LIST, CATALOG_SEARCH_DEFAULTS } from './catalog-limits.js';
import { CATALOG_AVAILABILITIES, CATALOG_MAX_FILTER_VALUES, CATALOG_MAX_SUGGESTIONS, CATALOG_SORTS } from './search-options.js';

/** Catalog ids are short slugs (`lifts`, `show`, the fallback `portal`). */
export const catalogIdSchema = safeString().trim().min(1).max(50);
const optionalState = z.union([stateCodeSchema, z.literal('')]).nullish();
const optionalCatalog = z.union([catalogIdSchema, z.literal('')]).nullish();

/**
 * A brand or category filter: one name or a list of them (interface contract 'Catalog search and
 * filters'), always read as a list; empty names are dropped, so `brand: ''` filters nothing.
 */
const filterValues = z
  .union([safeString().max(100), z.array(safeString().max(100)).max(CATALOG_MAX_FILTER_VALUES)])
  .nullish()
  .transform((value) => [...new Set((value === null || value === undefined ? [] : [value].flat()).map((v) => v.trim()).filter(Boolean))]);

export const catalogSortSchema = z.enum(CATALOG_SORTS);
export const catalogAvailabilitySchema = z.enum(CATALOG_AVAILABILITIES);

export const catalogSearchRequestSchema = z.object({
  keywords: safeString().max(200).nullish(),
  brand: filterValues,
  category: filterValues,
  /** `inRegion`: only products in stock in a warehouse serving the destination state. */
  availability: catalogAvailabilitySchema.nullish(),
  /** Default: `relevance` with keywords, `featured` without (defaultCatalogSort). */
  sort: catalogSortSchema.nullish(),
  catalog: optionalCatalog,
  shipToState: optionalState,
  branchNumber: idNumber().nullish(),
  page: int4().min(1).default(CATALOG_SEARCH_DEFAULTS.page),
  pageSize: z.number().int().min(1).max(CATALOG_MAX_PAGE_SIZE).default(CATALOG_SEARCH_DEFAULTS.pageSize),
});
export type CatalogSearchRequest = z.input<typeof catalogSearchRequestSchema>;
export type CatalogSearchCriteria = z.output<typeof catalogSearchRequestSchema>;

/** A facet value and how many matches have it, counted with the other groups' filters applied. */
export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

export const catalogFacetsSchema = z.object({
  brand: z.array(facetCountSchema),
  category: z.array(facetCountSchema),
  /** `inRegion` and `any`, in that order. */
  availability: z.array(facetCountSchema),
});
export type CatalogFacets = z.infer<typeof catalogFacetsSchema>;

export const catalogSearchResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  facets: catalogFacetsSchema,
  results: z.array(productSchema),
});
export type CatalogSearchResponse = z.infer<typeof catalogSearchResponseSchema>;

/** `GET /api/catalog/suggest`: like the search, a query without catalog, state or branch answers nothing. */
export const catalogSuggestQuerySchema = z.object({
  q: safeString().max(200).default(''),
  catalog: optionalCatalog,
  shipToState: optionalState,
  branchNumber: z.union([coercedId(), z.literal('')]).nullish(),
});
export type CatalogSuggestQuery = z.infer<typeof catalogSuggestQuerySchema>;

export const catalogSuggestionSchema = z.object({ sku: z.string(), label: z.string(), brand: z.string(), price: z.number() });
export type CatalogSuggestion = z.infer<typeof catalogSuggestionSchema>;
export const catalogSuggestResponseSchema = z.object({ suggestions: z.array(catalogSuggestionSchema).max(CATALOG_MAX_SUGGESTIONS) });
export type CatalogSuggestResponse = z.infer<typeof catalogSuggestResponseSchema>;

/** Query of `GET /api/catalog/product/{sku}`: a single product needs all three. */
export const productQuerySchema = z.object({
  shipToState: stateCodeSchema,
  branchNumber: coercedId(),
  catalog: catalogIdSchema,
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const skuSchema = safeString().trim().min(1).max(SKU_MAX_LENGTH);
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
