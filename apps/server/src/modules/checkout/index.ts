/**
 * The entrance of modules/checkout: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { reconcilePaidCheckouts } from './completion.js';
export { CRASH_STEPS, type CrashStep } from './crash-points.js';
export { checkoutRoutes } from './routes.js';
