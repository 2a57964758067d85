import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValueLabel } from './audit-labels.js';
import { USER_OPTION_LABELS } from './users/managed-user-rules.js';

describe('audit field labels (issue 34)', () => {
  it('names the user options as the user details screen does', () => {
    expect(auditFieldLabel('user.update', 'restrictedPricing')).toBe(USER_OPTION_LABELS.restrictedPricing);
    expect(auditFieldLabel('user.update', 'allowCashSales')).toBe(USER_OPTION_LABELS.allowCashSales);
    expect(auditFieldLabel('user.update', 'limitOrderHistory')).toBe(USER_OPTION_LABELS.limitOrderHistory);
    expect(auditFieldLabel('user.deactivate', 'isActive')).toBe('Active');
    expect(auditFieldLabel('user.update', 'firstName')).toBe('First Name');
  });

  it('uses the address dialog labels on address entries only', () => {
    expect(auditFieldLabel('address.update', 'name')).toBe('Full Name');
    expect(auditFieldLabel('address.create', 'postalCode')).toBe('ZIP Code');
    expect(auditFieldLabel('savedCart.update', 'name')).toBe('Name');
  });

  it('names the subscriptions as the profile does', () => {
    expect(auditFieldLabel('user.update', 'confirmation')).toBe('Order Confirmation');
  });

  it('turns a field no screen names into words, never the raw name', () => {
    expect(auditFieldLabel('organization.update', 'someNewSetting')).toBe('Some new setting');
  });

  it('words role keys, organization switches and subscription values', () => {
    expect(auditValueLabel('roles', ['catalog', 'manageUsers'])).toEqual(['Catalog', 'Manage Users']);
    expect(auditValueLabel('flags', ['allowCashSales', 'isTaxable'])).toEqual(['Cash Sales', 'Taxable']);
    expect(auditValueLabel('confirmation', 'owned')).toBe('Orders placed by me');
    expect(auditValueLabel('phone', '3035550142')).toBe('3035550142');
  });
});
