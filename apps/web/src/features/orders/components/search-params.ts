/** Order search criteria <-> the query string of /orders/search and /orders/search/results. */
import {
  normalizeOrderPage,
  normalizeOrderPageSize,
  ORDER_SEARCH_CRITERIA_FIELDS,
  ORDER_SEARCH_DEFAULT_TIME_FRAME,
} from '@portal/domain/rules';
import { orderSearchCriteriaSchema, orderSearchFieldsSchema, type OrderSearchCriteria } from '@portal/domain';
import type { OrderSearchParams } from '../api/order-search';

export const EMPTY_CRITERIA: OrderSearchCriteria = {
  orderReference: '',
  email: '',
  phone: '',
  status: '',
  timeFrame: ORDER_SEARCH_DEFAULT_TIME_FRAME,
  name: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  sku: '',
};

const raw = (params: URLSearchParams) => {
  const values: Record<string, string> = {};
  for (const field of [...ORDER_SEARCH_CRITERIA_FIELDS, 'timeFrame'] as const) {
    const value = params.get(field);
    if (value !== null) values[field] = value;
  }
  return values;
};

/** Form defaults from the URL (a return from the results keeps the criteria); invalid values are dropped. */
export function formValuesFrom(params: URLSearchParams): OrderSearchCriteria {
  const values: OrderSearchCriteria = { ...EMPTY_CRITERIA };
  for (const [field, value] of Object.entries(raw(params))) {
    const parsed = orderSearchFieldsSchema.shape[field as keyof OrderSearchCriteria].safeParse(value);
    if (parsed.success) (values as Record<string, string>)[field] = parsed.data as string;
  }
  return values;
}

/** The search a results URL asks for, or null when it names no criterion (spec 5). */
export function searchFrom(params: URLSearchParams): OrderSearchParams | null {
  const parsed = orderSearchCriteriaSchema.safeParse(raw(params));
  if (!parsed.success) return null;
  return { ...parsed.data, page: normalizeOrderPage(params.get('page')), pageSize: normalizeOrderPageSize(params.get('pageSize')) };
}

export function queryStringOf(criteria: OrderSearchCriteria, paging?: { page: number; pageSize: number }): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(criteria)) if (value) params.set(field, String(value));
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params.toString();
}
