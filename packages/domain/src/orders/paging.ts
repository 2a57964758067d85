/** Order results paging rules (spec 5 "Order results", spec 9). */

export const ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;
export type OrderPageSize = (typeof ORDER_PAGE_SIZES)[number];

/** The results screen's default; the service's own default when a caller sends none is 25 (spec 9). */
export const ORDER_RESULTS_DEFAULT_PAGE_SIZE: OrderPageSize = 10;
export const ORDER_SEARCH_SERVICE_PAGE_SIZE: OrderPageSize = 25;

export function isOrderPageSize(value: unknown): value is OrderPageSize {
  return ORDER_PAGE_SIZES.includes(value as OrderPageSize);
}

/** Spec 5: a page size must be 10, 25, 50 or 100, else 10. */
export function normalizeOrderPageSize(value: unknown): OrderPageSize {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isOrderPageSize(n) ? n : ORDER_RESULTS_DEFAULT_PAGE_SIZE;
}

/** Spec 5: page >= 1; anything else is page 1. */
export function normalizeOrderPage(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 1;
}
