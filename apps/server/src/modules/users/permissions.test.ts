import { describe, expect, it } from 'vitest';
import { offeredRoles, ROLE_KEYS } from '@portal/domain/rules';
import { requestedRoles, resolvePermissions, samePermissions, type PermissionState } from './permissions.js';

const ALL = [...ROLE_KEYS];
const BRANCHES = [
  { id: 1, branchNumber: 101, name: 'Denver' },
  { id: 2, branchNumber: 102, name: 'Boise' },
];
const stored: PermissionState = {
  restrictedPricing: false,
  limitOrderHistory: false,
  allowCashSales: false,
  useOrganizationRoles: false,
  roles: ['catalog', 'storedPayments'],
  useOrganizationBranches: false,
  branchIds: [1],
};

describe('roles offered', () => {
  it("are the organization's minus storedPayments (spec 6)", () => {
    expect(offeredRoles(ALL)).toEqual(['accounting', 'catalog', 'catalogExport', 'checkout', 'manageUsers', 'orderHistory']);
    expect(offeredRoles({ catalog: true, storedPayments: true, checkout: false })).toEqual(['catalog']);
  });
});

describe('requestedRoles', () => {
  it('keeps roles left out and a storedPayments the user already holds', () => {
    expect(requestedRoles({ checkout: true }, stored.roles, ALL)).toEqual(['catalog', 'checkout', 'storedPayments']);
    expect(requestedRoles({ catalog: false, storedPayments: false }, stored.roles, ALL)).toEqual(['storedPayments']);
  });

  it('refuses storedPayments and roles the organization lacks', () => {
    expect(() => requestedRoles({ storedPayments: true }, [], ALL)).toThrow('The role Stored Payments cannot be assigned.');
    expect(() => requestedRoles({ accounting: true }, [], ['catalog'])).toThrow('The role Accounting Manager cannot be assigned.');
  });
});

describe('resolvePermissions', () => {
  const org = { roles: ALL, allowCashSales: false };

  it('maps branch numbers to the organization’s branches only', () => {
    expect(resolvePermissions({ branches: [{ branchNumber: 102 }, { branchNumber: 101 }] }, stored, org, BRANCHES).branchIds).toEqual([
      1, 2,
    ]);
    expect(() => resolvePermissions({ branches: [{ branchNumber: 999 }] }, stored, org, BRANCHES)).toThrow('Branch 999');
    expect(() => resolvePermissions({ branches: [] }, stored, org, BRANCHES)).toThrow('Select at least one branch.');
  });

  it('ignores lists sent while inheriting', () => {
    const state = resolvePermissions({ useOrganizationRoles: true, roles: { storedPayments: true } }, stored, org, BRANCHES);
    expect(state.roles).toEqual(stored.roles);
    expect(samePermissions(stored, { ...stored })).toBe(true);
    expect(samePermissions(stored, state)).toBe(false);
  });

  it('allows cash sales only where the organization does', () => {
    expect(() => resolvePermissions({ allowCashSales: true }, stored, org, BRANCHES)).toThrow('does not allow cash sales');
    expect(resolvePermissions({ allowCashSales: true }, stored, { ...org, allowCashSales: true }, BRANCHES).allowCashSales).toBe(true);
  });
});
