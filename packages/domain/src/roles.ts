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

export function hasRoles(roles: Partial<RoleMap> | undefined, ...required: RoleKey[]): boolean {
  return !!roles && required.every((role) => roles[role] === true);
}
