import { describe, expect, it } from 'vitest';
import { shippingFlagsSchema, type ShippingFlags } from './cart.js';
import { ITEM_WARNING_TEXTS, itemWarnings, productShippingNotices } from './shipping-notices.js';

/** An item that needs nothing: every shipping flag false. */
const NO_FLAGS = Object.fromEntries(Object.keys(shippingFlagsSchema.shape).map((flag) => [flag, false])) as ShippingFlags;

describe('item warnings (spec 2 "Shopping cart")', () => {
  it('lists one warning per shipping requirement, in the order of the spec', () => {
    expect(itemWarnings(NO_FLAGS)).toEqual([]);
    expect(
      itemWarnings({ ...NO_FLAGS, requiresFlatbed: true, requiresForkLift: true, requiresLiftGate: true, requiresResidential: true }),
    ).toEqual(['flatbed', 'forklift', 'liftgate', 'residential']);
  });

  it('says what the spec says each needs', () => {
    expect(ITEM_WARNING_TEXTS.flatbed).toContain('customer-provided forklift');
    expect(ITEM_WARNING_TEXTS.forklift).toContain('forklift service or a forklift at the destination');
    expect(ITEM_WARNING_TEXTS.liftgate).toContain('liftgate service or a forklift');
    expect(ITEM_WARNING_TEXTS.residential).toContain('residential service');
  });
});

describe('shipping notices of the product page (spec 2 "Product details")', () => {
  it("are the cart's warnings in the cart's words, without the charges' precedence", () => {
    // A flatbed product that also needs a forklift and a liftgate: the cart warns of all three.
    const info = { ...NO_FLAGS, requiresFlatbed: true, requiresForkLift: true, requiresLiftGate: true };
    expect(productShippingNotices(info)).toEqual([ITEM_WARNING_TEXTS.flatbed, ITEM_WARNING_TEXTS.forklift, ITEM_WARNING_TEXTS.liftgate]);
    expect(productShippingNotices({ ...NO_FLAGS, requiresForkLift: true, requiresLiftGate: true })).toEqual([
      ITEM_WARNING_TEXTS.forklift,
      ITEM_WARNING_TEXTS.liftgate,
    ]);
  });

  it('add how the product ships', () => {
    expect(productShippingNotices(NO_FLAGS)).toEqual([]);
    expect(productShippingNotices({ ...NO_FLAGS, requiresResidential: true, requiresGeoWarehouse: true, isSmallParcel: true })).toEqual([
      ITEM_WARNING_TEXTS.residential,
      'Ships from a regional warehouse.',
      'Ships by small parcel.',
    ]);
  });
});
