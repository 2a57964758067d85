/**
 * The cart's charge kinds and the dealer's starting choices (spec 3 "Charges", spec 4 "Charges"),
 * kept apart from the schemas in ./cart.ts so that screens using only these load no zod (issue 21).
 */
import type { ChargeChoices } from './cart.js';

export const CHARGE_KINDS = ['notice', 'residential', 'forklift', 'liftgate', 'flatbed'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
/** The charges a dealer can accept or decline from the cart (flatbed has no choice, spec 2). */
export const DECLINABLE_CHARGE_KINDS = ['notice', 'residential', 'forklift', 'liftgate'] as const;
export type DeclinableChargeKind = (typeof DECLINABLE_CHARGE_KINDS)[number];

/** A new (empty) cart: the 24 hour notice starts declined (spec 4: declined when the cart is empty). */
export const DEFAULT_CHARGE_CHOICES: ChargeChoices = { notice: true, residential: false, forklift: false, liftgate: false };

/** Ship method code of a flatbed shipment (spec 9). */
export const FLATBED_SHIPVIA = 'FLB';

/**
 * The words of the charges a dealer chooses (spec 2 "Checkout page": the review table's charge
 * rows, in this order; the Order Details charge rows and the audit trail use the same words).
 */
export const CHARGE_LABELS = {
  notice: '24 Hour Delivery Notice',
  forklift: 'Forklift Service',
  liftgate: 'Liftgate Service',
  residential: 'Residential Service',
} as const satisfies Record<DeclinableChargeKind, string>;

/** The charge rows of the checkout's review table, in the order of spec 2 "Checkout page". */
export const REVIEW_CHARGE_KINDS = Object.keys(CHARGE_LABELS) as (keyof typeof CHARGE_LABELS)[];
