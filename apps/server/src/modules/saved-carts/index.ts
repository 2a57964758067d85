/**
 * The entrance of modules/saved-carts: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { savedCartRoutes } from './routes.js';
