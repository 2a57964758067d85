import { describe, expect, it } from 'vitest';
import type { CartItem, ChargeChoices, ShippingFlags } from './cart.js';
import {
  calculateCart,
  computeCharges,
  feesToCents,
  feesToDollars,
  organizationFeesCents,
  shownSurchargeBlocks,
  type FeesCents,
} from './charges.js';

const FEES: FeesCents = { forklift: 17_500, liftgate: 9_500, residential: 8_500, notice: 2_500 };

const NO_FLAGS: ShippingFlags = {
  requiresLiftGate: false,
  requiresForkLift: false,
  requiresResidential: false,
  requiresGeoWarehouse: false,
  requiresFlatbed: false,
  isSmallParcel: false,
};

type Flags = { F: boolean; K: boolean; L: boolean; R: boolean };

/** One item per set flag: a cart requires a charge when any of its items does. */
function itemsFor({ F, K, L, R }: Flags): ShippingFlags[] {
  const items: ShippingFlags[] = [{ ...NO_FLAGS, isSmallParcel: true }];
  if (F) items.push({ ...NO_FLAGS, requiresFlatbed: true });
  if (K) items.push({ ...NO_FLAGS, requiresForkLift: true });
  if (L) items.push({ ...NO_FLAGS, requiresLiftGate: true });
  if (R) items.push({ ...NO_FLAGS, requiresResidential: true });
  return items;
}

const bools = [false, true] as const;
const flagCombos: Flags[] = bools.flatMap((F) => bools.flatMap((K) => bools.flatMap((L) => bools.map((R) => ({ F, K, L, R })))));
const choiceCombos: ChargeChoices[] = bools.flatMap((notice) =>
  bools.flatMap((residential) => bools.flatMap((forklift) => bools.map((liftgate) => ({ notice, residential, forklift, liftgate })))),
);
/** Every combination of item flags (16) with every accept/decline choice (16): 256 rows. */
const rows = flagCombos.flatMap((flags) => choiceCombos.map((choices) => ({ flags, choices })));
const label = ({ flags, choices }: (typeof rows)[number]) =>
  `flags F${+flags.F} K${+flags.K} L${+flags.L} R${+flags.R} / declined N${+choices.notice} R${+choices.residential} K${+choices.forklift} L${+choices.liftgate}`;

describe('charge rules over every combination of item flags and choices (spec 4 "Charges")', () => {
  it('covers 256 non-empty combinations', () => {
    expect(rows).toHaveLength(256);
  });

  describe.each(rows.map((row) => [label(row), row] as const))('%s', (_name, { flags, choices }) => {
    const { charges, choices: kept, shipvia } = computeCharges(itemsFor(flags), FEES, choices);

    it('flatbed: required when an item needs it, always $0.00, never declined, no choice; shipvia FLB', () => {
      expect(charges.flatbed).toEqual({ required: flags.F, declined: false, declinable: false, amountCents: 0 });
      expect(shipvia).toBe(flags.F ? 'FLB' : null);
    });

    it('flatbed: forklift and liftgate are not applied; notice is required and not declined', () => {
      if (!flags.F) return;
      expect(charges.forklift).toEqual({ required: false, declined: false, declinable: false, amountCents: 0 });
      expect(charges.liftgate).toEqual({ required: false, declined: false, declinable: false, amountCents: 0 });
      expect(charges.notice).toEqual({ required: true, declined: false, declinable: false, amountCents: FEES.notice });
    });

    it('forklift: required by an item unless flatbed, declinable only then, declined reset when not required', () => {
      const required = flags.K && !flags.F;
      expect(charges.forklift.required).toBe(required);
      expect(charges.forklift.declinable).toBe(required);
      expect(charges.forklift.declined).toBe(required && choices.forklift);
      expect(kept.forklift).toBe(required && choices.forklift);
      expect(charges.forklift.amountCents).toBe(required ? FEES.forklift : 0);
    });

    it('liftgate: required by an item unless flatbed; a required forklift makes it declined with no choice', () => {
      const required = flags.L && !flags.F;
      expect(charges.liftgate.required).toBe(required);
      expect(charges.liftgate.declinable).toBe(required && !flags.K);
      expect(charges.liftgate.declined).toBe(required && (flags.K || choices.liftgate));
      // The dealer's own choice is kept (not overwritten by the forklift rule), reset only when not required.
      expect(kept.liftgate).toBe(required && choices.liftgate);
      expect(charges.liftgate.amountCents).toBe(required ? FEES.liftgate : 0);
    });

    it('residential: required by an item, declinable, the choice kept', () => {
      expect(charges.residential.required).toBe(flags.R);
      expect(charges.residential.declinable).toBe(flags.R);
      expect(charges.residential.declined).toBe(choices.residential);
      expect(kept.residential).toBe(choices.residential);
      expect(charges.residential.amountCents).toBe(flags.R ? FEES.residential : 0);
    });

    it('notice: required with items, declinable when not flatbed', () => {
      expect(charges.notice.required).toBe(true);
      expect(charges.notice.declinable).toBe(!flags.F);
      expect(charges.notice.declined).toBe(!flags.F && choices.notice);
      expect(kept.notice).toBe(choices.notice);
      expect(charges.notice.amountCents).toBe(FEES.notice);
    });
  });
});

describe('an empty cart', () => {
  it.each(choiceCombos.map((choices) => [JSON.stringify(choices), choices] as const))(
    'declines the notice and requires nothing (%s)',
    (_n, choices) => {
      const { charges, choices: kept, shipvia } = computeCharges([], FEES, choices);
      expect(charges.notice).toEqual({ required: false, declined: true, declinable: false, amountCents: 0 });
      expect(kept.notice).toBe(true);
      expect(kept.forklift).toBe(false);
      expect(kept.liftgate).toBe(false);
      for (const kind of ['residential', 'forklift', 'liftgate', 'flatbed'] as const) {
        expect(charges[kind].required).toBe(false);
        expect(charges[kind].amountCents).toBe(0);
      }
      expect(shipvia).toBeNull();
    },
  );
});

function line(flags: Partial<ShippingFlags>, originalPrice: number, quantity = 1, priceOverride: number | null = null): CartItem {
  return {
    sku: `SKU-${originalPrice}`,
    label: 'Item',
    brand: 'Brand',
    description: '',
    thumbnail: '',
    ...NO_FLAGS,
    ...flags,
    price: priceOverride ?? originalPrice,
    originalPrice,
    priceOverride,
    quantity,
  };
}

const ACCEPT_ALL: ChargeChoices = { notice: false, residential: false, forklift: false, liftgate: false };
const DECLINE_ALL: ChargeChoices = { notice: true, residential: true, forklift: true, liftgate: true };

/** Literal rows of the cart page (Summit Lift Supply fees), amounts and totals in dollars. */
describe.each([
  {
    name: 'small parcel only, everything accepted: notice only',
    items: [line({ isSmallParcel: true }, 49.99, 2)],
    choices: ACCEPT_ALL,
    charges: { notice: 25, residential: 0, forklift: 0, liftgate: 0, flatbed: 0 },
    totals: { itemsSubTotal: 99.98, chargesSubTotal: 25, grandTotal: 124.98 },
    shipvia: null,
  },
  {
    name: 'liftgate + residential accepted, notice declined',
    items: [line({ requiresLiftGate: true, requiresResidential: true }, 1234.5)],
    choices: { ...ACCEPT_ALL, notice: true },
    charges: { notice: 25, residential: 85, forklift: 0, liftgate: 95, flatbed: 0 },
    totals: { itemsSubTotal: 1234.5, chargesSubTotal: 180, grandTotal: 1414.5 },
    shipvia: null,
  },
  {
    name: 'forklift and liftgate items: forklift charged, liftgate treated as declined',
    items: [line({ requiresForkLift: true }, 3000), line({ requiresLiftGate: true }, 10)],
    choices: ACCEPT_ALL,
    charges: { notice: 25, residential: 0, forklift: 175, liftgate: 95, flatbed: 0 },
    totals: { itemsSubTotal: 3010, chargesSubTotal: 200, grandTotal: 3210 },
    shipvia: null,
  },
  {
    name: 'flatbed with forklift, liftgate and residential items, everything declined',
    items: [line({ requiresFlatbed: true, requiresForkLift: true }, 8000), line({ requiresLiftGate: true, requiresResidential: true }, 20)],
    choices: DECLINE_ALL,
    charges: { notice: 25, residential: 85, forklift: 0, liftgate: 0, flatbed: 0 },
    totals: { itemsSubTotal: 8020, chargesSubTotal: 25, grandTotal: 8045 },
    shipvia: 'FLB',
  },
  {
    name: 'price override and quantities in integer cents (3 x $19.99 overridden to $0.10)',
    items: [line({}, 19.99, 3, 0.1), line({}, 0.07, 3)],
    choices: DECLINE_ALL,
    charges: { notice: 25, residential: 0, forklift: 0, liftgate: 0, flatbed: 0 },
    totals: { itemsSubTotal: 0.51, chargesSubTotal: 0, grandTotal: 0.51 },
    shipvia: null,
  },
])('calculateCart: $name', ({ items, choices, charges, totals, shipvia }) => {
  const result = calculateCart(items, FEES, choices);
  it('charges the organization fees in dollars', () => {
    for (const [kind, amount] of Object.entries(charges)) expect(result.charges[kind as keyof typeof charges].amount).toBe(amount);
  });
  it('totals', () => {
    expect({ itemsSubTotal: result.itemsSubTotal, chargesSubTotal: result.chargesSubTotal, grandTotal: result.grandTotal }).toEqual(totals);
    expect(result.grandTotalCents).toBe(Math.round(totals.grandTotal * 100));
    expect(Number.isInteger(result.grandTotalCents)).toBe(true);
    expect(result.shipvia).toBe(shipvia);
  });
});

describe('every charge is counted only when required and not declined', () => {
  it.each(rows.map((row) => [label(row), row] as const))('%s', (_n, { flags, choices }) => {
    const items = itemsFor(flags).map((f, i) => line(f, i + 1));
    const result = calculateCart(items, FEES, choices);
    const expected =
      (flags.F || !choices.notice ? FEES.notice : 0) +
      (flags.R && !choices.residential ? FEES.residential : 0) +
      (!flags.F && flags.K && !choices.forklift ? FEES.forklift : 0) +
      (!flags.F && flags.L && !flags.K && !choices.liftgate ? FEES.liftgate : 0);
    expect(result.chargesSubTotalCents).toBe(expected);
    expect(result.grandTotalCents).toBe(result.itemsSubTotalCents + expected);
  });
});

describe('fees', () => {
  it('converts the session dollars to cents, a missing fee counting as 0 (spec 9)', () => {
    expect(feesToCents({ forklift: 175, liftgate: 95.5, residential: 85.05, notice: 25 })).toEqual({
      forklift: 17_500,
      liftgate: 9_550,
      residential: 8_505,
      notice: 2_500,
    });
    expect(feesToCents(undefined)).toEqual({ forklift: 0, liftgate: 0, residential: 0, notice: 0 });
    expect(feesToCents({ notice: 20 })).toEqual({ forklift: 0, liftgate: 0, residential: 0, notice: 2_000 });
  });
});

describe('organization fees (spec 9: from the organization, default 0)', () => {
  it('reads the fee columns of an organization, a fee not set counting as 0', () => {
    expect(
      organizationFeesCents({ feeForkliftCents: 17_500, feeLiftgateCents: 9_500, feeResidentialCents: 8_500, feeNoticeCents: 2_500 }),
    ).toEqual(FEES);
    expect(organizationFeesCents({ feeNoticeCents: 2_000, feeForkliftCents: null })).toEqual({
      forklift: 0,
      liftgate: 0,
      residential: 0,
      notice: 2_000,
    });
  });

  it('carries them in dollars for the session, and back', () => {
    expect(feesToDollars(FEES)).toEqual({ forklift: 175, liftgate: 95, residential: 85, notice: 25 });
    expect(feesToCents(feesToDollars({ forklift: 12_345, liftgate: 1, residential: 0, notice: 99 }))).toEqual({
      forklift: 12_345,
      liftgate: 1,
      residential: 0,
      notice: 99,
    });
  });
});

describe('which surcharge blocks show (spec 2 "Shopping cart")', () => {
  it('shows none for an empty cart', () => {
    expect(
      shownSurchargeBlocks(computeCharges([], FEES, { notice: true, residential: false, forklift: false, liftgate: false }).charges),
    ).toEqual([]);
  });

  it.each(flagCombos)('F=$F K=$K L=$L R=$R', (flags) => {
    const { charges } = computeCharges(itemsFor(flags), FEES, { notice: false, residential: false, forklift: false, liftgate: false });
    const expected = [
      'notice',
      ...(flags.R ? ['residential'] : []),
      ...(flags.F ? ['flatbed'] : []),
      // Forklift Required: only if flatbed is not required; Liftgate: only if forklift is not required.
      ...(flags.K && !flags.F ? ['forklift'] : []),
      ...(flags.L && !flags.F && !flags.K ? ['liftgate'] : []),
    ];
    expect(shownSurchargeBlocks(charges)).toEqual(expected);
  });

  it("keeps the blocks' own conditions whatever the charges say", () => {
    const charge = (required: boolean) => ({ required });
    const all = { notice: charge(true), residential: charge(true), flatbed: charge(true), forklift: charge(true), liftgate: charge(true) };
    expect(shownSurchargeBlocks(all)).toEqual(['notice', 'residential', 'flatbed']);
    expect(shownSurchargeBlocks({ ...all, flatbed: charge(false) })).toEqual(['notice', 'residential', 'forklift']);
  });
});
