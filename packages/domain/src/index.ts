/**
 * `@portal/domain`: the API's schemas (zod), the requests and answers both apps validate, and the
 * types inferred from them. The zod-free rules (money, totals, labels, formats, limits) are the
 * other entry, `@portal/domain/rules` (rules.ts); the schemas here import what they need of them.
 */
export * from './validators.js';
export * from './api/errors.js';
export * from './api/common.js';
export * from './api/session.js';
export * from './catalog/product.js';
export * from './catalog/search.js';
export * from './cart/cart.js';
export * from './api/dev-mailbox.js';
export * from './orders/api.js';
export * from './orders/integration.js';
export * from './users/secure-challenge.js';
export * from './users/managed-user.js';
export * from './users/profile.js';
export * from './checkout/api.js';
export * from './checkout/ship-to-address.js';
export * from './checkout/simulated-payment.js';
export * from './checkout/terminal.js';
export * from './badges/badge-details.js';
export * from './badges/leads.js';
export * from './audit.js';
export * from './addresses.js';
export * from './quick-order.js';
export * from './saved-carts.js';
export * from './imports.js';
export * from './catalog/synonyms.js';
export * from './branch-address.js';
export * from './webhooks.js';
export * from './account.js';
export * from './account-payments.js';
export * from './equipment.js';
