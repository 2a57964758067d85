/**
 * Fixtures of the web's store tests (cart-store.test.ts, priced-lines.test.ts): a signed-in
 * session of organization 1 and cart items with every shipping flag off unless given.
 */
import type { CartItemInput, Session } from '@portal/domain';

export function sessionOf(email: string, options: { allowPriceOverride?: boolean; branches?: number[] } = {}): Session {
  const branches = (options.branches ?? [101]).map((branchNumber) => ({ branchNumber, name: `Branch ${branchNumber}` }));
  return {
    id: `token-${email}`,
    deviceId: 'device',
    user: {
      id: 1,
      firstName: 'A',
      lastName: 'B',
      email,
      phone: '',
      roles: {
        accounting: false,
        catalog: true,
        catalogExport: false,
        checkout: true,
        manageUsers: false,
        orderHistory: false,
        storedPayments: false,
      },
      branches,
      subscriptions: { confirmation: '', shipping: '', invoice: '' },
      allowCashSales: false,
      restrictedPricing: false,
      limitOrderHistory: false,
      useOrganizationCatalogs: true,
      catalogs: [
        { id: 'lifts', label: 'Lifts & Equipment' },
        { id: 'show', label: 'SEMA Show Specials' },
      ],
    },
    organization: {
      id: 1,
      name: 'Org',
      allowBadgeScan: false,
      allowCashSales: false,
      allowPriceOverride: options.allowPriceOverride ?? true,
      allowOnAccount: false,
      allowTerminals: false,
      allowTakenBy: false,
      allowCardPayments: true,
      isTaxable: false,
      branches,
      roles: {
        accounting: true,
        catalog: true,
        catalogExport: true,
        checkout: true,
        manageUsers: true,
        orderHistory: true,
        storedPayments: true,
      },
      catalogs: [],
      fees: { forklift: 175, liftgate: 95, residential: 85, notice: 25 },
      terminals: [],
      takenBys: [],
    },
  };
}

export const FLAGS = {
  requiresLiftGate: false,
  requiresForkLift: false,
  requiresResidential: false,
  requiresGeoWarehouse: false,
  requiresFlatbed: false,
  isSmallParcel: false,
};
export const item = (sku: string, price: number, flags: Partial<typeof FLAGS> = {}): CartItemInput => ({
  sku,
  label: `Label ${sku}`,
  brand: 'Brand',
  description: 'Description',
  thumbnail: '',
  price,
  ...FLAGS,
  ...flags,
});
