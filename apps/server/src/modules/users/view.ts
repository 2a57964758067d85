/** The managed user answer (spec 3) from a user row. */
import { effectiveRoles, ROLE_KEYS, type RoleKey } from '@portal/domain/rules';
import type { ManagedUser, SubscriptionValue } from '@portal/domain';
import type { PermissionState } from './permissions.js';
import type { OrganizationBranch, UserRow } from './repository.js';

const subscription = (value: string): SubscriptionValue => (value === 'owned' || value === 'company' ? value : '');

export function storedRoles(user: UserRow): RoleKey[] {
  return ROLE_KEYS.filter((key) => user.roles.includes(key));
}

/** The permissions as stored, in the shape the editing rules compare. */
export function storedPermissions(user: UserRow, branchIds: number[]): PermissionState {
  return {
    restrictedPricing: user.restrictedPricing,
    limitOrderHistory: user.limitOrderHistory,
    allowCashSales: user.allowCashSales,
    useOrganizationRoles: user.useOrganizationRoles,
    roles: storedRoles(user),
    useOrganizationBranches: user.useOrganizationBranches,
    branchIds: [...branchIds].sort((a, b) => a - b),
  };
}

/** Roles and branches are the effective ones: the organization's when inherited (spec 6). */
export function toManagedUser(
  user: UserRow,
  organization: { roles: readonly string[] },
  branchIds: number[],
  orgBranches: OrganizationBranch[],
): ManagedUser {
  const branches = orgBranches
    .filter((b) => user.useOrganizationBranches || branchIds.includes(b.id))
    .map(({ branchNumber, name }) => ({ branchNumber, name }));
  return {
    id: user.id,
    organizationId: user.organizationId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isActive: user.isActive,
    isVerified: user.isVerified,
    restrictedPricing: user.restrictedPricing,
    limitOrderHistory: user.limitOrderHistory,
    allowCashSales: user.allowCashSales,
    subscriptions: {
      confirmation: subscription(user.subConfirmation),
      shipping: subscription(user.subShipping),
      invoice: subscription(user.subInvoice),
    },
    useOrganizationBranches: user.useOrganizationBranches,
    useOrganizationRoles: user.useOrganizationRoles,
    branches,
    roles: effectiveRoles(user, organization),
    lastLoginTime: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
  };
}
