/**
 * `@portal/domain/rules`: the zod-free rules both apps share (money, totals, charges, statuses,
 * labels, formats, limits, parsers) and their plain types. Nothing reachable from here imports zod
 * (eslint.config.js holds the files listed here to that), so a screen that draws with these never
 * loads the schema library; the API's schemas are the package's main entry, index.ts.
 */
export * from './roles.js';
export * from './organization-flags.js';
export * from './states.js';
export * from './defaults.js';
export * from './validators-rules.js';
export * from './format.js';
export * from './money.js';
export * from './totals.js';
export * from './paging.js';
export * from './api/errors-rules.js';
export * from './catalog/search-rules.js';
export * from './catalog/catalog-limits.js';
export * from './catalog/search-options.js';
export * from './catalog/product-quantity.js';
export * from './catalog/availability-text.js';
export * from './catalog/bulk-pricing.js';
export * from './catalog/brand-logos.js';
export * from './cart/cart-rules.js';
export * from './cart/charges.js';
export * from './cart/shipping-notices.js';
export * from './cart/inputs.js';
export * from './cart/charge-kinds.js';
export * from './cart/client-cart.js';
export * from './api/dev-mailbox-rules.js';
export * from './orders/status.js';
export * from './orders/recent-window.js';
export * from './orders/paging.js';
export * from './orders/api-rules.js';
export * from './users/secure-challenge-rules.js';
export * from './users/managed-user-rules.js';
export * from './users/profile-rules.js';
export * from './checkout/api-rules.js';
export * from './checkout/messages.js';
export * from './checkout/payment-eligibility.js';
export * from './checkout/ship-to-address-rules.js';
export * from './checkout/simulated-payment-rules.js';
export * from './checkout/tax.js';
export * from './checkout/terminal-rules.js';
export * from './badges/badge-details-rules.js';
export * from './badges/parse-badge-payload.js';
export * from './badges/leads-rules.js';
export * from './audit-rules.js';
export * from './audit-labels.js';
export * from './addresses-rules.js';
export * from './quick-order-rules.js';
export * from './quick-order-reasons.js';
export * from './saved-carts-rules.js';
export * from './imports-rules.js';
export * from './catalog/synonyms-rules.js';
export * from './branch-address-rules.js';
export * from './webhooks-rules.js';
export * from './account-rules.js';
export * from './audit-changes.js';
export * from './account-payments-rules.js';
export * from './equipment-rules.js';
