/**
 * The entrance of modules/audit: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { auditRoutes } from './routes.js';
export { recordAudit, recordCommandLineAudit } from './service.js';
