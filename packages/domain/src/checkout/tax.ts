/**
 * The built-in sales-tax provider (server-rules "Tax"): a table of state sales-tax rates for the
 * 50 states, applied to items and charges, only when the organization is taxable and the order
 * has no tax certificate number. Pure and in integer cents (server-rules "Money").
 *
 * Also the client's rule of when to ask the server again (spec 4 "Tax recalculation"): only when
 * the organization is taxable, the address is complete, and city, state, postal code, country or
 * the presence of a tax certificate changed since the last run.
 */
import type { StateCode } from '../states.js';
import { isStateCode } from '../states.js';
import { isAddressComplete } from './ship-to-address-rules.js';
import type { ShipToAddress } from './ship-to-address.js';

/** State-level base sales-tax rates in basis points (1/100 of a percent); local taxes are not added. */
export const STATE_SALES_TAX_BPS: Readonly<Record<StateCode, number>> = {
  AL: 400,
  AK: 0,
  AZ: 560,
  AR: 650,
  CA: 725,
  CO: 290,
  CT: 635,
  DE: 0,
  FL: 600,
  GA: 400,
  HI: 400,
  ID: 600,
  IL: 625,
  IN: 700,
  IA: 600,
  KS: 650,
  KY: 600,
  LA: 445,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 688,
  MS: 700,
  MO: 423,
  MT: 0,
  NE: 550,
  NV: 685,
  NH: 0,
  NJ: 663,
  NM: 488,
  NY: 400,
  NC: 475,
  ND: 500,
  OH: 575,
  OK: 450,
  OR: 0,
  PA: 600,
  RI: 700,
  SC: 600,
  SD: 420,
  TN: 700,
  TX: 625,
  UT: 610,
  VT: 600,
  VA: 530,
  WA: 650,
  WV: 600,
  WI: 500,
  WY: 400,
};

/** The rate of a state in basis points; 0 for anything that is not one of the 50 states. */
export function salesTaxRateBps(state: string | null | undefined): number {
  return isStateCode(state) ? STATE_SALES_TAX_BPS[state] : 0;
}

export type TaxInput = {
  /** organizations.is_taxable (spec 6 isTaxable). */
  organizationTaxable: boolean;
  taxCertificateNumber: string | null | undefined;
  /** The state the order ships to (the destination state until the address is known). */
  state: string | null | undefined;
  itemsCents: number;
  /** Only the charges counted in the totals (required and not declined). */
  chargesCents: number;
};

export function isTaxExempt(input: Pick<TaxInput, 'organizationTaxable' | 'taxCertificateNumber'>): boolean {
  return !input.organizationTaxable || !!input.taxCertificateNumber?.trim();
}

/** Sales tax in cents: items and charges at the state's rate, rounded half up to the cent. */
export function calculateTaxCents(input: TaxInput): number {
  if (isTaxExempt(input)) return 0;
  const base = Math.max(0, input.itemsCents) + Math.max(0, input.chargesCents);
  return Math.round((base * salesTaxRateBps(input.state)) / 10_000);
}

/**
 * What a tax calculation depends on, as one comparable key; null when no calculation should run
 * (organization not taxable, or the address incomplete). The client recalculates when the key is
 * not null and differs from the key of its last run.
 */
export function taxRecalculationKey(input: {
  organizationTaxable: boolean;
  address: Partial<ShipToAddress> | null | undefined;
  taxCertificateNumber: string | null | undefined;
}): string | null {
  const { address } = input;
  if (!input.organizationTaxable || !address || !isAddressComplete(address)) return null;
  const norm = (value: string | undefined) => (value ?? '').trim().toUpperCase();
  return JSON.stringify([
    norm(address.city),
    norm(address.state),
    norm(address.postalCode).replace(/\D/g, ''),
    norm(address.country),
    !!input.taxCertificateNumber?.trim(),
  ]);
}
