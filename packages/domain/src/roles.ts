/** Role keys of spec section 6. `storedPayments` exists but is never offered when editing users. */
export const ROLE_KEYS = ['accounting', 'catalog', 'catalogExport', 'checkout', 'manageUsers', 'orderHistory', 'storedPayments'] as const;

export type RoleKey = (typeof ROLE_KEYS)[number];

export type RoleMap = Record<RoleKey, boolean>;

export const ROLE_LABELS: Record<RoleKey, string> = {
  accounting: 'Accounting Manager',
  catalog: 'Catalog',
  catalogExport: 'Catalog Export',
  checkout: 'Checkout',
  manageUsers: 'Manage Users',
  orderHistory: 'Order History',
  storedPayments: 'Stored Payments',
};

/** Builds a complete role map (every key present) from a list of granted roles. */
export function roleMapOf(granted: readonly string[]): RoleMap {
  const map = {} as RoleMap;
  for (const key of ROLE_KEYS) map[key] = granted.includes(key);
  return map;
}

/**
 * Roles a user really has (spec 6): the organization's when the user inherits them, else the user's
 * own within the organization's. The signed-in caller's roles and the managed user's answer alike.
 */
export function effectiveRoles(
  user: { useOrganizationRoles: boolean; roles: readonly string[] },
  organization: { roles: readonly string[] },
): RoleMap {
  const granted = user.useOrganizationRoles ? organization.roles : user.roles.filter((role) => organization.roles.includes(role));
  return roleMapOf(granted);
}

export function hasRoles(roles: Partial<RoleMap> | undefined, ...required: RoleKey[]): boolean {
  return !!roles && required.every((role) => roles[role] === true);
}
