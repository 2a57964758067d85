import { describe, expect, it } from 'vitest';
import { calculateCart, type FeesCents } from './cart/charges.js';
import { CHARGE_LABELS, REVIEW_CHARGE_KINDS } from './cart/charge-kinds.js';
import { ORDER_CHARGE_LABELS } from './orders/api-rules.js';
import { AUDIT_FIELD_LABELS } from './audit-labels.js';
import { chargesSubTotalCents, countedChargeCents, grandTotalCents, lineAmountCents, orderItemsTotalCents } from './totals.js';

describe('line amounts', () => {
  it('multiplies the price in cents by the quantity', () => {
    expect(lineAmountCents(1299.99, 3)).toBe(389_997);
    expect(lineAmountCents(0.1, 3)).toBe(30);
    expect(lineAmountCents(12.5, 0)).toBe(0);
  });

  it('rounds the price to the cent before multiplying', () => {
    // 10.004 * 3 would be 3001.2 cents; the line is 1000 cents three times.
    expect(lineAmountCents(10.004, 3)).toBe(3000);
  });

  it("sums an order's lines at the quantity ordered", () => {
    const lines = [
      { price: 4999, quantityOrdered: 1 },
      { price: 24.95, quantityOrdered: 4 },
      { price: 0, quantityOrdered: 7 },
    ];
    expect(orderItemsTotalCents(lines)).toBe(499_900 + 9_980);
    expect(orderItemsTotalCents([])).toBe(0);
  });
});

describe('a charge counts when it is required and not declined', () => {
  it.each([
    [true, false, 2_500],
    [true, true, 0],
    [false, false, 0],
    [false, true, 0],
  ])('required %s, declined %s → %i cents', (required, declined, cents) => {
    expect(countedChargeCents({ required, declined, amountCents: 2_500 })).toBe(cents);
    // The API's charges carry dollars: the same rule.
    expect(countedChargeCents({ required, declined, amount: 25 })).toBe(cents);
  });

  it('sums the counted charges, in cents or dollars alike', () => {
    const charge = (required: boolean, declined: boolean, amount: number) => ({ required, declined, amount });
    const charges = {
      notice: charge(true, false, 25),
      residential: charge(true, true, 85),
      forklift: charge(true, false, 175.5),
      liftgate: charge(false, false, 0),
      flatbed: charge(false, false, 0),
    };
    expect(chargesSubTotalCents(charges)).toBe(2_500 + 17_550);
  });
});

describe('grand total', () => {
  it('is items, charges and taxes less the discount', () => {
    expect(grandTotalCents({ itemsCents: 10_000, chargesCents: 2_500 })).toBe(12_500);
    expect(grandTotalCents({ itemsCents: 10_000, chargesCents: 2_500, taxCents: 913, discountCents: 500 })).toBe(12_913);
  });

  it('is what the cart computes', () => {
    const fees: FeesCents = { forklift: 17_500, liftgate: 9_500, residential: 8_500, notice: 2_500 };
    const item = {
      sku: 'A',
      label: 'A',
      brand: 'B',
      description: '',
      thumbnail: '',
      price: 10.5,
      originalPrice: 10.5,
      priceOverride: null,
      quantity: 3,
      requiresLiftGate: false,
      requiresForkLift: true,
      requiresResidential: true,
      requiresGeoWarehouse: false,
      requiresFlatbed: false,
      isSmallParcel: false,
    };
    const cart = calculateCart([item], fees, { notice: false, residential: true, forklift: false, liftgate: false });
    expect(cart.grandTotalCents).toBe(3_150 + 2_500 + 17_500);
    expect(cart.grandTotalCents).toBe(grandTotalCents({ itemsCents: cart.itemsSubTotalCents, chargesCents: cart.chargesSubTotalCents }));
  });
});

describe('charge labels', () => {
  it('name the checkout\'s charge rows in the order of spec 2 "Checkout page"', () => {
    expect(REVIEW_CHARGE_KINDS.map((kind) => CHARGE_LABELS[kind])).toEqual([
      '24 Hour Delivery Notice',
      'Forklift Service',
      'Liftgate Service',
      'Residential Service',
    ]);
  });

  it('are the words of Order Details and of the audit trail too', () => {
    expect(Object.values(ORDER_CHARGE_LABELS).slice(0, 4)).toEqual(REVIEW_CHARGE_KINDS.map((kind) => CHARGE_LABELS[kind]));
    for (const kind of REVIEW_CHARGE_KINDS) expect(AUDIT_FIELD_LABELS[kind]).toBe(CHARGE_LABELS[kind]);
  });
});
