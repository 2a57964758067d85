/**
 * The entrance of modules/saved-cards: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { savedCardRoutes } from './routes.js';
export { savedCardForPayment } from './service.js';
