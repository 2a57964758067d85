/**
 * The entrance of modules/integration: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
export { integrationRoutes } from './routes.js';
export { emitOrderCreated, updateOrderStatus } from './service.js';
