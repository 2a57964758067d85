/** The zod-free rules of managed-user.ts (its API schemas stay there); exported through src/rules.ts. */
import { ROLE_KEYS, type RoleKey, type RoleMap } from '../roles.js';

export const USER_MESSAGES = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  phoneRequired: 'Phone is required.',
  idRequired: 'The User ID is required.',
  idMismatch: 'The User ID does not match the user being updated.',
  notFound: 'The user was not found.',
  emailTaken: 'A user with this email address already exists.',
  branchRequired: 'Select at least one branch.',
  unknownBranch: (branchNumber: number) => `Branch ${branchNumber} does not belong to your organization.`,
  roleNotOffered: (label: string) => `The role ${label} cannot be assigned.`,
  cashSalesNotAllowed: 'Your organization does not allow cash sales.',
  ownPermissions: 'You cannot change your own permissions.',
  deactivateSelf: 'You cannot deactivate yourself.',
  ownProfileOnly: 'You can only edit your own profile.',
  profileFieldsOnly: 'Your profile can change only your name, phone and email subscriptions.',
  saved: 'The user has been saved.',
  invited: (email: string) => `An invitation has been sent to ${email}.`,
  activated: 'The user has been activated.',
  deactivated: 'The user has been deactivated.',
} as const;

/** Spec 6: storedPayments is never offered when editing users. */
export const NEVER_OFFERED_ROLES: readonly RoleKey[] = ['storedPayments'];

/** Roles an administrator may give: the organization's, minus storedPayments, in the spec's order. */
export function offeredRoles(organizationRoles: Partial<RoleMap> | readonly string[]): RoleKey[] {
  const has = (key: RoleKey) =>
    Array.isArray(organizationRoles) ? organizationRoles.includes(key) : (organizationRoles as Partial<RoleMap>)[key] === true;
  return ROLE_KEYS.filter((key) => has(key) && !NEVER_OFFERED_ROLES.includes(key));
}

/** Spec 6 option labels. */
export const USER_OPTION_LABELS = {
  restrictedPricing: 'Show MSRP only in catalog and order history (hide dealer cost)',
  limitOrderHistory: 'Limit order history to orders entered with own login',
  allowCashSales: 'Allow cash sales',
} as const;
