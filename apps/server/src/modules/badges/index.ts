/**
 * The entrance of modules/badges: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { badgeRoutes } from './routes.js';
export type { eventBadges } from './schema.js';
export * as badgesTables from './schema.js';
