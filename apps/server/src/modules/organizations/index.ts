/**
 * The entrance of modules/organizations: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { branches, organizationCatalogs, organizations, takenBys, terminals } from './schema.js';
export * as organizationsTables from './schema.js';
export { organizationBranches, setBranchShipTo } from './service.js';
export { creditLimitOf, lockedCreditLimit, organizationFees, setCreditLimit } from './service.js';
export {
  createOrganization,
  listOrganizations,
  type OrganizationChanges,
  organizationForNewUser,
  organizationSettings,
  updateOrganization,
} from './setup.js';
