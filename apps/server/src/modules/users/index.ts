/**
 * The entrance of modules/users: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { usersRoutes } from './routes.js';
export { users } from './schema.js';
export * as usersTables from './schema.js';
export { addUser, orderMailRecipients, userByEmail } from './service.js';
