/**
 * The editing rules of spec 6 on a user's permissions: roles offered are the organization's minus
 * storedPayments, branches must be the organization's, cash sales only where the organization
 * allows them. Pure functions; the service applies them.
 */
import { NEVER_OFFERED_ROLES, ROLE_KEYS, ROLE_LABELS, USER_MESSAGES, type RoleKey, type RoleMap } from '@portal/domain/rules';
import { HttpError } from '../../http/errors.js';
import type { OrganizationBranch } from './repository.js';

/** What a save would store; `roles`/`branchIds` matter only while not inherited. */
export type PermissionState = {
  restrictedPricing: boolean;
  limitOrderHistory: boolean;
  allowCashSales: boolean;
  useOrganizationRoles: boolean;
  roles: RoleKey[];
  useOrganizationBranches: boolean;
  branchIds: number[];
};

export type PermissionInput = Partial<{
  restrictedPricing: boolean;
  limitOrderHistory: boolean;
  allowCashSales: boolean;
  useOrganizationRoles: boolean;
  roles: Partial<RoleMap>;
  useOrganizationBranches: boolean;
  branches: { branchNumber: number }[];
}>;

const invalid = (field: string, message: string) => new HttpError(400, [{ field, message }]);

/**
 * The roles a save stores. A role left out keeps its stored value; a role never offered
 * (storedPayments) can be neither given nor taken here; a role outside the organization's cannot
 * be given.
 */
export function requestedRoles(
  input: Partial<RoleMap> | undefined,
  stored: readonly string[],
  organizationRoles: readonly string[],
): RoleKey[] {
  const result: RoleKey[] = [];
  for (const key of ROLE_KEYS) {
    const held = stored.includes(key);
    const wanted = input?.[key];
    if (wanted === undefined || wanted === held) {
      if (held) result.push(key);
      continue;
    }
    if (NEVER_OFFERED_ROLES.includes(key)) {
      if (wanted) throw invalid('roles', USER_MESSAGES.roleNotOffered(ROLE_LABELS[key]));
      if (held) result.push(key);
      continue;
    }
    if (wanted && !organizationRoles.includes(key)) throw invalid('roles', USER_MESSAGES.roleNotOffered(ROLE_LABELS[key]));
    if (wanted) result.push(key);
  }
  return result;
}

/** Branch ids of the requested branch numbers; each must be one of the organization's. */
export function requestedBranchIds(
  input: { branchNumber: number }[] | undefined,
  stored: number[],
  orgBranches: OrganizationBranch[],
): number[] {
  if (input === undefined) return [...stored].sort((a, b) => a - b);
  const ids = new Set<number>();
  for (const { branchNumber } of input) {
    const branch = orgBranches.find((b) => b.branchNumber === branchNumber);
    if (!branch) throw invalid('branches', USER_MESSAGES.unknownBranch(branchNumber));
    ids.add(branch.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The state a save would produce, validated against the organization. */
export function resolvePermissions(
  input: PermissionInput,
  stored: PermissionState,
  organization: { roles: readonly string[]; allowCashSales: boolean },
  orgBranches: OrganizationBranch[],
): PermissionState {
  const allowCashSales = input.allowCashSales ?? stored.allowCashSales;
  // Spec 6: the option is offered only if the organization allows cash sales.
  if (allowCashSales && !stored.allowCashSales && !organization.allowCashSales) {
    throw invalid('allowCashSales', USER_MESSAGES.cashSalesNotAllowed);
  }
  const useOrganizationRoles = input.useOrganizationRoles ?? stored.useOrganizationRoles;
  const useOrganizationBranches = input.useOrganizationBranches ?? stored.useOrganizationBranches;
  // While inherited, a list means nothing (the organization's applies), so one sent along is ignored:
  // a client may echo a user's answer, which shows the inherited roles and branches.
  const state: PermissionState = {
    restrictedPricing: input.restrictedPricing ?? stored.restrictedPricing,
    limitOrderHistory: input.limitOrderHistory ?? stored.limitOrderHistory,
    allowCashSales,
    useOrganizationRoles,
    roles: useOrganizationRoles ? stored.roles : requestedRoles(input.roles, stored.roles, organization.roles),
    useOrganizationBranches,
    branchIds: useOrganizationBranches ? stored.branchIds : requestedBranchIds(input.branches, stored.branchIds, orgBranches),
  };
  if (!state.useOrganizationBranches && state.branchIds.length === 0) throw invalid('branches', USER_MESSAGES.branchRequired);
  return state;
}

/** Whether two states grant the same: the role and branch lists count only while not inherited. */
export function samePermissions(a: PermissionState, b: PermissionState): boolean {
  const list = (inherited: boolean, values: readonly (string | number)[]) => (inherited ? '*' : [...values].sort().join(','));
  return (
    a.restrictedPricing === b.restrictedPricing &&
    a.limitOrderHistory === b.limitOrderHistory &&
    a.allowCashSales === b.allowCashSales &&
    a.useOrganizationRoles === b.useOrganizationRoles &&
    a.useOrganizationBranches === b.useOrganizationBranches &&
    list(a.useOrganizationRoles, a.roles) === list(b.useOrganizationRoles, b.roles) &&
    list(a.useOrganizationBranches, a.branchIds) === list(b.useOrganizationBranches, b.branchIds)
  );
}
