/**
 * The entrance of modules/webhooks: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { webhookUrlPolicy } from './policy.js';
export { webhookRoutes } from './routes.js';
export { createSubscription, disableSubscription, emitEvent, listSubscriptions, subscriptionDeliveries } from './service.js';
export { deliverDueWebhooks, startWebhookWorker } from './worker.js';
