/**
 * Fixtures of the cart store's tests (cart-*.test.ts, priced-lines.test.ts): localStorage as an
 * in-memory map, a signed-in session of organization 1, cart items and catalog products with every
 * shipping flag off unless given.
 */
import type { CartItemInput, Product, Session } from '@portal/domain';

/**
 * Node has no localStorage: the stores read and write this map instead. Call it before the stores
 * are imported (they read their stored copies when loaded).
 */
export function installMemoryStorage(): Map<string, string> {
  const memory = new Map<string, string>();
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    },
  };
  return memory;
}

/** A toast the store showed, as the tests record it. */
export type Toast = { kind: 'success' | 'warning' | 'error'; message: string };

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
      branches: branches.map((b) => ({ ...b, shipTo: null })),
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

/** A catalog product as `POST /api/catalog/products` answers it (label 'Fresh <sku>'). */
export function product(sku: string, price: number, flags: Partial<typeof FLAGS> = {}): Product {
  return {
    sku,
    brand: 'Brand',
    model: 'M',
    catalog: 'lifts',
    price,
    msrp: price,
    availability: { netAvailable: 1, nextReceiptDate: null, inRegion: 1, outsideRegion: 0 },
    scheduledAvailability: [],
    eCommerceInformation: {
      label: `Fresh ${sku}`,
      shortDescription: 'Fresh',
      mediumDescription: '',
      longDescription: '',
      features: [],
      specifications: {},
      inTheBox: [],
      images: [`/img/${sku}.png`],
      downloads: {},
    },
    shippingInformation: { weight: 1, length: 1, width: 1, height: 1, ...FLAGS, ...flags },
  };
}
