import { describe, expect, it } from 'vitest';
import { changeLines } from './change-lines';

describe('audit change lines', () => {
  it('shows a change field by field, before → after', () => {
    expect(
      changeLines({ before: { isActive: true, roles: ['catalog'] }, after: { isActive: false, roles: ['catalog', 'checkout'] } }),
    ).toEqual(['Active: Yes → No', 'Roles: Catalog → Catalog, Checkout']);
  });

  it('lists the new values of a creation and the old values of a deletion', () => {
    expect(changeLines({ kind: 'address.create', before: null, after: { name: 'Denver', street2: '' } })).toEqual([
      'Full Name: Denver',
      'Address Line 2: (empty)',
    ]);
    expect(changeLines({ before: { name: 'Denver', branches: [] }, after: null })).toEqual(['Name: Denver', 'Branches: (none)']);
  });

  it("shows the screens' labels, never raw field names (issue 34)", () => {
    expect(
      changeLines({
        kind: 'user.update',
        before: { restrictedPricing: false, allowCashSales: true },
        after: { restrictedPricing: true, allowCashSales: false },
      }),
    ).toEqual(['Show MSRP only in catalog and order history (hide dealer cost): No → Yes', 'Allow cash sales: Yes → No']);
  });

  it('writes nested values on one line', () => {
    expect(changeLines({ before: { subscriptions: { confirmation: '' } }, after: { subscriptions: { confirmation: 'owned' } } })).toEqual([
      'Email Subscriptions: Order Confirmation None → Order Confirmation Orders placed by me',
    ]);
  });
});
