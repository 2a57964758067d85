/** What bench/catalog-index-bench.ts uses of the search index (reached through the module's index.ts). */
export { CatalogSearchIndex } from './search-index.js';
export { keywordPlan } from './keywords.js';
export { parseTsQuery } from './tsquery.js';
export { buildSearchIndexNow } from './search-index-store.js';
