/**
 * The entrance of modules/auth: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { BoundedPool, PoolFullError } from './bounded-pool.js';
export {
  burnPasswordCheck,
  configurePasswordHashing,
  HASHING_BUSY_MESSAGE,
  hashingLimits,
  type HashingLimits,
  hashPassword,
  verifyPassword,
} from './password-hash.js';
export { authenticateSession, authenticateSessionEarly, sameSessionCaller } from './principal.js';
/**
 * The signed-in caller is the http layer's (http/principal.ts): import it from there. These names
 * stay only so that code written before the move (checkout/completion.ts; modules added on other
 * branches meanwhile) compiles until it imports http/principal.ts itself (issue 33).
 */
export type { CallerOrganization as OrganizationRow, CallerUser as UserRow, PrincipalBranch } from '../../http/principal.js';
export { branchOf, type Principal, principalOf } from '../../http/principal.js';
export { authRoutes } from './routes.js';
export {
  claimHashingAttempt,
  clearLoginFailures,
  type LoginLimitSettings,
  releaseHashingAttempt,
  revokeUserSessions,
  throttleRows,
} from './service.js';
export { registerSessionCache, startSessionCache } from './session-cache.js';
export { hashToken, newSessionToken } from './session-token.js';
