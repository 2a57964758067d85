/**
 * The entrance of modules/account: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { invoiceRowsOf } from './invoice-file.js';
export { accountRoutes } from './routes.js';
export { invoices } from './schema.js';
export { assertCreditFits, importInvoices } from './service.js';
export { reconcileInvoicePayments, recordInvoicePaymentOfIntent } from './payments.js';
