/**
 * The entrance of modules/mail: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { devMailboxRoutes } from './dev-mailbox-routes.js';
export { enqueueMail, type OutgoingMail } from './outbox.js';
export { mailOutbox } from './schema.js';
export { createMailTransport } from './transport.js';
export { startMailWorker } from './worker.js';
