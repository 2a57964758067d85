/**
 * The entrance of modules/catalog: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export {
  createCatalog,
  createPriceList,
  createWarehouse,
  isPriceList,
  listCatalogs,
  listPriceLists,
  listWarehouses,
  unknownCatalogIds,
} from './catalogs-setup.js';
export { csvRow } from './csv.js';
export { refreshFeatured } from './featured.js';
export { ownPricesOf } from './own-prices.js';
export { catalogRoutes } from './routes.js';
export { catalogs, priceLists, type products, warehouses } from './schema.js';
export * as catalogTables from './schema.js';
export { catalogExportBatch, findProductsBySkus, findProductsInCallerCatalogs, skusInCallerCatalogs } from './service.js';
export { readCatalogSynonyms, replaceCatalogSynonyms } from './synonyms.js';
export { followDataRevision, noteSearchWarmUp, searchWarmingUp } from './search-index-store.js';
/** The in-process search index's pieces, for the benchmark that times it alone (bench/catalog-index-bench.ts). */
export * as catalogSearchIndexBench from './search-index-bench-entry.js';
