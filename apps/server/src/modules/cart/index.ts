/**
 * The entrance of modules/cart: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { priceCartLines } from './quick-order.js';
export { cartRoutes } from './routes.js';
export { priceCart, type PricedCartResult } from './service.js';
