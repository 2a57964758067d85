import { describe, expect, it } from 'vitest';
import { cartPriceRequestSchema } from './cart.js';
import { cartItemInputOf } from './client-cart.js';
import { MAX_CART_QUANTITY, parseCartQuantity, parsePriceOverride } from './inputs.js';

describe('cart quantity (spec 5: digits only, else revert; spec 4: zero or empty removes)', () => {
  it.each([
    ['1', { kind: 'set', quantity: 1 }],
    ['12', { kind: 'set', quantity: 12 }],
    [' 7 ', { kind: 'set', quantity: 7 }],
    ['007', { kind: 'set', quantity: 7 }],
    [String(MAX_CART_QUANTITY), { kind: 'set', quantity: MAX_CART_QUANTITY }],
    ['', { kind: 'remove' }],
    ['   ', { kind: 'remove' }],
    ['0', { kind: 'remove' }],
    ['000', { kind: 'remove' }],
    ['-1', { kind: 'revert' }],
    ['1.5', { kind: 'revert' }],
    ['1e3', { kind: 'revert' }],
    ['abc', { kind: 'revert' }],
    ['3 4', { kind: 'revert' }],
    [String(MAX_CART_QUANTITY + 1), { kind: 'revert' }],
  ])('%j -> %j', (text, expected) => {
    expect(parseCartQuantity(text)).toEqual(expected);
  });
});

describe('price override (spec 5: $ and commas stripped, digits and dot only, a number >= 0)', () => {
  it.each([
    ['1234.50', 1234.5],
    ['$1,234.50', 1234.5],
    ['$ 1,234', 1234],
    ['0', 0],
    ['0.00', 0],
    ['.5', 0.5],
    ['12.', 12],
    ['19.999', 20],
    ['1,000,000', 1_000_000],
  ])('%j -> %j', (text, expected) => {
    expect(parsePriceOverride(text)).toBe(expected);
  });

  it.each(['', '$', '.', '-5', '12a', '1.2.3', 'abc', '1 000', '+3', '20000000'])('%j reverts (null)', (text) => {
    expect(parsePriceOverride(text)).toBeNull();
  });
});

describe('cart schemas', () => {
  it('maps a catalog product to the cart item input', () => {
    const input = cartItemInputOf({
      sku: 'TP-9000',
      brand: 'Atlas',
      model: '9000',
      catalog: 'lifts',
      price: 2999.5,
      msrp: 3999,
      availability: { netAvailable: 3, nextReceiptDate: null, inRegion: 1, outsideRegion: 2 },
      scheduledAvailability: [],
      eCommerceInformation: {
        label: 'Two-post lift',
        shortDescription: 'Short',
        mediumDescription: '',
        longDescription: '',
        features: [],
        specifications: {},
        inTheBox: [],
        images: ['/a.png', '/b.png'],
        downloads: {},
      },
      shippingInformation: {
        weight: 1,
        length: 1,
        width: 1,
        height: 1,
        requiresGeoWarehouse: false,
        requiresFlatbed: true,
        requiresForkLift: false,
        requiresLiftGate: true,
        requiresResidential: false,
        isSmallParcel: false,
      },
    });
    expect(input).toEqual({
      sku: 'TP-9000',
      label: 'Two-post lift',
      brand: 'Atlas',
      description: 'Short',
      thumbnail: '/a.png',
      price: 2999.5,
      requiresLiftGate: true,
      requiresForkLift: false,
      requiresResidential: false,
      requiresGeoWarehouse: false,
      requiresFlatbed: true,
      isSmallParcel: false,
    });
  });

  it('rejects negative overrides and zero quantities in the price request', () => {
    const base = { catalog: 'lifts', branchNumber: 101, choices: { notice: false, residential: false, forklift: false, liftgate: false } };
    expect(cartPriceRequestSchema.safeParse({ ...base, items: [{ sku: 'A', quantity: 1 }] }).success).toBe(true);
    expect(cartPriceRequestSchema.safeParse({ ...base, items: [{ sku: 'A', quantity: 0 }] }).success).toBe(false);
    expect(cartPriceRequestSchema.safeParse({ ...base, items: [{ sku: 'A', quantity: 1, priceOverride: -1 }] }).success).toBe(false);
    expect(cartPriceRequestSchema.safeParse({ ...base, shipToState: 'XX', items: [] }).success).toBe(false);
  });
});
