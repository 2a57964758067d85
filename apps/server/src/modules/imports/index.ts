/**
 * The entrance of modules/imports: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { exportCatalogFile } from './catalog-file.js';
export { readImportCsv } from './csv-input.js';
export { describeRowErrors, ImportFileError, ImportRejectedError } from './errors.js';
export { importRoutes } from './routes.js';
export { type ImportTarget, runImport } from './service.js';
export { readCsvRows } from './csv-input.js';
export { type ImportRowError, type InputRow, type RowPlace, toHttpError } from './errors.js';
export { IMPORT_BODY_LIMIT } from './routes.js';
export { checkInputRows, type CheckedRow, type RowIdentity } from './row-check.js';
