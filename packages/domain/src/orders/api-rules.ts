/** The zod-free rules of api.ts (its API schemas stay there); exported through src/rules.ts. */
import { CHARGE_LABELS } from '../cart/charge-kinds.js';
import type { OrderCharges } from './api.js';

export const ORDER_SEARCH_TIME_FRAMES = ['month', '6months', 'year', '2years'] as const;
export type OrderSearchTimeFrame = (typeof ORDER_SEARCH_TIME_FRAMES)[number];
export const ORDER_SEARCH_TIME_FRAME_LABELS: Record<OrderSearchTimeFrame, string> = {
  month: 'Last Month',
  '6months': 'Last 6 Months',
  year: 'Last Year',
  '2years': 'Last 2 Years',
};
/** How far back each time frame reaches, in months (spec 5). */
export const ORDER_SEARCH_TIME_FRAME_MONTHS: Record<OrderSearchTimeFrame, number> = { month: 1, '6months': 6, year: 12, '2years': 24 };
export const ORDER_SEARCH_DEFAULT_TIME_FRAME: OrderSearchTimeFrame = '6months';

export const ORDER_SEARCH_CRITERIA_MESSAGE = 'You must enter at least one search criteria before searching';

export const ORDER_SEARCH_CRITERIA_FIELDS = [
  'orderReference',
  'email',
  'phone',
  'status',
  'name',
  'address',
  'city',
  'state',
  'postalCode',
  'sku',
] as const;
export type OrderSearchCriteriaField = (typeof ORDER_SEARCH_CRITERIA_FIELDS)[number];

/** Spec 5: at least one criterion other than timeFrame. */
export function hasSearchCriteria(criteria: Partial<Record<OrderSearchCriteriaField, string | undefined>>): boolean {
  return ORDER_SEARCH_CRITERIA_FIELDS.some((field) => (criteria[field] ?? '').trim() !== '');
}

/** Labels of the charge rows of Order Details, in display order. */
export const ORDER_CHARGE_LABELS: Record<keyof OrderCharges, string> = {
  ...CHARGE_LABELS,
  deliveryAccessSurcharge: 'Delivery Access Surcharge',
  limitedAccess: 'Limited Access',
  dockHold: 'Dock Hold',
  other: 'Other',
};

/** The charge rows Order Details and the order PDF show: the charges the order carries (not 0), in display order. */
export function shownOrderCharges(charges: OrderCharges): (keyof OrderCharges)[] {
  return (Object.keys(ORDER_CHARGE_LABELS) as (keyof OrderCharges)[]).filter((key) => charges[key] !== 0);
}
