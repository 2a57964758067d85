/**
 * The organization's feature switches (spec 6 "Organizations"): a route can require one, the
 * command line turns them on and off, the session carries them to the web app.
 */
export const ORGANIZATION_FLAGS = [
  'allowBadgeScan',
  'allowCashSales',
  'allowPriceOverride',
  'allowOnAccount',
  'allowTerminals',
  'allowTakenBy',
  'allowCardPayments',
  'isTaxable',
] as const;
export type OrganizationFlag = (typeof ORGANIZATION_FLAGS)[number];

export function isOrganizationFlag(value: string): value is OrganizationFlag {
  return (ORGANIZATION_FLAGS as readonly string[]).includes(value);
}
