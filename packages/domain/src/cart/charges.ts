/**
 * THE charge rules of spec section 4 "Charges", shared by the web cart and the server's pricing
 * (server-rules "Charges": the server recomputes, it never trusts the client's amounts).
 * Pure and in integer cents; `calculateCart` converts the answer to dollars at the very end.
 *
 * Rules (spec 4 "Charges", 2 "Shopping cart", 9):
 * - A charge is required when any item requires it; the notice is required whenever the cart has items.
 * - Flatbed required: shipvia becomes FLB; forklift and liftgate are not applied; notice is required
 *   and not declined. The flatbed charge itself is always $0.00 and has no choice.
 * - Forklift and liftgate are declinable only if flatbed is not required; their declined is reset
 *   when the charge is not required.
 * - If forklift is required, liftgate is treated as declined (its block is not shown).
 * - Residential is declinable.
 * - Notice is declinable when not flatbed, and is declined when the cart is empty.
 * - Amounts come from the organization's fees (default 0).
 */
import type { Fees } from '../api/session.js';
import { centsToDollars, dollarsToCents } from '../money.js';
import { chargesSubTotalCents, grandTotalCents, lineAmountCents } from '../totals.js';
import { CHARGE_KINDS, FLATBED_SHIPVIA, type ChargeKind } from './charge-kinds.js';
import type { CartItem, ChargeChoices, Charges, ShippingFlags } from './cart.js';

/** The organization's fees in cents (the server's organizations row, or the session's dollars converted). */
export type FeesCents = { forklift: number; liftgate: number; residential: number; notice: number };

export const NO_FEES: FeesCents = { forklift: 0, liftgate: 0, residential: 0, notice: 0 };

/** The session answer carries fees in dollars; a missing fee counts as 0 (spec 9). */
export function feesToCents(fees: Partial<Fees> | null | undefined): FeesCents {
  return {
    forklift: dollarsToCents(fees?.forklift ?? 0),
    liftgate: dollarsToCents(fees?.liftgate ?? 0),
    residential: dollarsToCents(fees?.residential ?? 0),
    notice: dollarsToCents(fees?.notice ?? 0),
  };
}

/** The fees in dollars, as the session answer carries them (spec 3 "Session"). */
export function feesToDollars(fees: FeesCents): Fees {
  return {
    forklift: centsToDollars(fees.forklift),
    liftgate: centsToDollars(fees.liftgate),
    residential: centsToDollars(fees.residential),
    notice: centsToDollars(fees.notice),
  };
}

/** The fee columns of an organization (its database row, or a row about to be written). */
export type OrganizationFeeColumns = {
  feeForkliftCents?: number | null;
  feeLiftgateCents?: number | null;
  feeResidentialCents?: number | null;
  feeNoticeCents?: number | null;
};

/** An organization's fees in cents from its columns; a fee not set counts as 0 (spec 9). */
export function organizationFeesCents(organization: OrganizationFeeColumns): FeesCents {
  return {
    forklift: organization.feeForkliftCents ?? 0,
    liftgate: organization.feeLiftgateCents ?? 0,
    residential: organization.feeResidentialCents ?? 0,
    notice: organization.feeNoticeCents ?? 0,
  };
}

export type ChargeCents = { required: boolean; declined: boolean; declinable: boolean; amountCents: number };
export type ChargesCents = Record<ChargeKind, ChargeCents>;

export type ChargeComputation = {
  charges: ChargesCents;
  /** The dealer's choices after the rules' resets (what the cart stores for the next change). */
  choices: ChargeChoices;
  shipvia: string | null;
};

/**
 * Charges of a cart from its items' shipping flags, the organization's fees and the dealer's
 * accept/decline choices (true = declined).
 */
export function computeCharges(items: readonly ShippingFlags[], fees: FeesCents, choices: ChargeChoices): ChargeComputation {
  const empty = items.length === 0;
  const any = (flag: keyof ShippingFlags) => items.some((item) => item[flag]);

  const flatbedRequired = any('requiresFlatbed');
  // Flatbed: forklift and liftgate are not applied (the customer provides the forklift).
  const forkliftRequired = !flatbedRequired && any('requiresForkLift');
  const liftgateRequired = !flatbedRequired && any('requiresLiftGate');
  const residentialRequired = any('requiresResidential');
  const noticeRequired = !empty;

  const normalized: ChargeChoices = {
    // An empty cart declines the notice, so the next cart starts with it declined.
    notice: empty ? true : choices.notice,
    residential: choices.residential,
    // Declined is reset when the charge is not required.
    forklift: forkliftRequired ? choices.forklift : false,
    liftgate: liftgateRequired ? choices.liftgate : false,
  };

  const charge = (required: boolean, declined: boolean, declinable: boolean, fee: number): ChargeCents => ({
    required,
    declined,
    declinable,
    amountCents: required ? fee : 0,
  });

  return {
    charges: {
      // Flatbed makes the notice required and not declined.
      notice: charge(noticeRequired, flatbedRequired ? false : normalized.notice, noticeRequired && !flatbedRequired, fees.notice),
      residential: charge(residentialRequired, normalized.residential, residentialRequired, fees.residential),
      forklift: charge(forkliftRequired, normalized.forklift, forkliftRequired, fees.forklift),
      // A required forklift covers the offload: liftgate is treated as declined and offers no choice.
      liftgate: charge(
        liftgateRequired,
        liftgateRequired && (forkliftRequired || normalized.liftgate),
        liftgateRequired && !forkliftRequired,
        fees.liftgate,
      ),
      flatbed: charge(flatbedRequired, false, false, 0),
    },
    choices: normalized,
    shipvia: flatbedRequired ? FLATBED_SHIPVIA : null,
  };
}

/** The unit price charged for a line: the dealer's override when set, else the catalog price (dollars). */
export function effectivePrice(item: Pick<CartItem, 'originalPrice' | 'priceOverride'>): number {
  return item.priceOverride ?? item.originalPrice;
}

/** A cart line's amount (the extended amount): the price charged times the quantity (totals.ts lineAmountCents). */
export function lineTotalCents(item: Pick<CartItem, 'originalPrice' | 'priceOverride' | 'quantity'>): number {
  return lineAmountCents(effectivePrice(item), item.quantity);
}

export function itemsSubTotalCents(items: readonly Pick<CartItem, 'originalPrice' | 'priceOverride' | 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

export type CartCalculation = {
  charges: Charges;
  chargesCents: ChargesCents;
  choices: ChargeChoices;
  shipvia: string | null;
  itemsSubTotalCents: number;
  chargesSubTotalCents: number;
  grandTotalCents: number;
  /** Dollars, as the cart and the API carry them. */
  itemsSubTotal: number;
  chargesSubTotal: number;
  grandTotal: number;
};

/** Charges and totals of a whole cart: the one computation the web cart and the server both run. */
export function calculateCart(items: readonly CartItem[], fees: FeesCents, choices: ChargeChoices): CartCalculation {
  const { charges: chargesCents, choices: normalized, shipvia } = computeCharges(items, fees, choices);
  const itemsCents = itemsSubTotalCents(items);
  const chargesTotal = chargesSubTotalCents(chargesCents);
  const grandTotal = grandTotalCents({ itemsCents, chargesCents: chargesTotal });
  const charges = Object.fromEntries(
    CHARGE_KINDS.map((kind) => {
      const { amountCents, ...rest } = chargesCents[kind];
      return [kind, { ...rest, amount: centsToDollars(amountCents) }];
    }),
  ) as Charges;
  return {
    charges,
    chargesCents,
    choices: normalized,
    shipvia,
    itemsSubTotalCents: itemsCents,
    chargesSubTotalCents: chargesTotal,
    grandTotalCents: grandTotal,
    itemsSubTotal: centsToDollars(itemsCents),
    chargesSubTotal: centsToDollars(chargesTotal),
    grandTotal: centsToDollars(grandTotal),
  };
}

/** The surcharge blocks of the cart (spec 2 "Shopping cart"), in the order the cart shows them. */
export const SURCHARGE_BLOCK_ORDER = ['notice', 'residential', 'flatbed', 'forklift', 'liftgate'] as const satisfies readonly ChargeKind[];

/**
 * Which surcharge blocks the cart shows (spec 2 "Shopping cart"), in order: each required charge,
 * Forklift Required only if flatbed is not required, Liftgate Service Required only if forklift is
 * not required (a forklift covers the offload).
 */
export function shownSurchargeBlocks(charges: Readonly<Record<ChargeKind, { required: boolean }>>): ChargeKind[] {
  return SURCHARGE_BLOCK_ORDER.filter((kind) => {
    if (!charges[kind].required) return false;
    if (kind === 'forklift') return !charges.flatbed.required;
    if (kind === 'liftgate') return !charges.forklift.required;
    return true;
  });
}
