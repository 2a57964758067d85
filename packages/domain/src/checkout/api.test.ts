import { describe, expect, it } from 'vitest';
import { chargeChoicesOf } from '../cart/cart-rules.js';
import { calculateTaxesRequestSchema, createCheckoutRequestSchema, updateCheckoutRequestSchema } from './api.js';
import { CHECKOUT_REQUEST_MESSAGES } from './api-rules.js';

const item = { sku: 'PBYAX-0104', quantity: 2, price: 49.5, priceOverride: null };
const charge = (declined: boolean) => ({ required: true, declined, amount: 10 });

describe('POST /api/checkout request: the spec cart without ship-to address', () => {
  it("takes the spec's cart with charges; the declines are the dealer's choices", () => {
    const parsed = createCheckoutRequestSchema.parse({
      branchNumber: 101,
      email: 'a@b.example',
      catalog: { id: 'lifts', label: 'Lifts & Equipment' },
      items: [{ ...item, label: 'Pads', originalPrice: 49.5, requiresFlatbed: false }],
      charges: {
        notice: charge(true),
        residential: charge(false),
        forklift: charge(true),
        liftgate: charge(false),
        flatbed: charge(false),
      },
      purchaseOrderNumber: 'PO-1',
      reference: null,
      shipvia: null,
      checkoutId: null,
      itemsSubTotal: 99,
      chargesSubTotal: 0,
      taxes: 0,
      taxesVerified: false,
      discount: 0,
      grandTotal: 99,
    });
    expect(parsed.catalog).toBe('lifts');
    expect(parsed.items).toEqual([item]);
    expect(parsed).toMatchObject({ purchaseOrderNumber: 'PO-1', reference: '', notes: '' });
    expect(chargeChoicesOf(parsed.charges!)).toEqual({ notice: true, residential: false, forklift: true, liftgate: false });
  });

  it('takes our choices, and refuses a cart with neither charges nor choices on the field charges', () => {
    const choices = { notice: false, residential: true, forklift: false, liftgate: false };
    expect(createCheckoutRequestSchema.parse({ catalog: 'lifts', branchNumber: 101, items: [item], choices }).choices).toEqual(choices);
    const refused = createCheckoutRequestSchema.safeParse({ catalog: 'lifts', branchNumber: 101, items: [item] });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['charges'], message: CHECKOUT_REQUEST_MESSAGES.chargesRequired }),
    ]);
  });

  it('a charge left out is accepted', () => {
    expect(chargeChoicesOf({ residential: { declined: true } })).toEqual({
      notice: false,
      residential: true,
      forklift: false,
      liftgate: false,
    });
  });
});

describe('null for "not given"', () => {
  const address = {
    name: 'N',
    street1: '1 Main St',
    street2: null,
    street3: null,
    city: 'Denver',
    state: 'CO',
    postalCode: '80202',
    country: 'US',
    phone: '3035550100',
    email: 'a@b.example',
  };

  it('PUT /api/checkout', () => {
    const parsed = updateCheckoutRequestSchema.parse({
      confirmationNumber: 'ABCD1234',
      shipToAddress: address,
      notes: null,
      onAccount: null,
    });
    expect(parsed.shipToAddress).toMatchObject({ street2: '', street3: '' });
    expect(parsed).toMatchObject({ notes: '', onAccount: false, takenBy: '' });
  });

  it('calculate-taxes reads the cart only for its checkoutId', () => {
    const parsed = calculateTaxesRequestSchema.parse({
      paymentIntentId: null,
      isPickup: false,
      warehouseId: null,
      shipToAddress: address,
      cart: { checkoutId: 'ABCD1234', items: [] },
      taxCertificateNumber: null,
    });
    expect(parsed).toMatchObject({ paymentIntentId: '', taxCertificateNumber: '', cart: { checkoutId: 'ABCD1234' } });
    expect(parsed.cart).not.toHaveProperty('items');
  });
});
