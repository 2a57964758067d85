/**
 * The catalog's paging and size limits and the export's file name (spec 9), apart from the calls'
 * schemas in ./search.ts: the catalog screen uses these, and its first drawing loads no zod
 * (issue 21).
 */

/** The catalog service's paging defaults (spec 9: first page 1, page size 25). */
export const CATALOG_SEARCH_DEFAULTS = { page: 1, pageSize: 25 } as const;
/** What the catalog screen asks for (spec 9). */
export const CATALOG_SCREEN_PAGE_SIZE = 20;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** The cart refresh asks for every item at once; a cart larger than this is not a cart. */
export const CATALOG_MAX_SKU_LIST = 500;

/** The file name the browser saves (spec 9). */
export const CATALOG_EXPORT_FILE_NAME = 'catalog_export.csv';
