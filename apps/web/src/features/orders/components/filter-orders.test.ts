import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '@portal/domain';
import { filterOrders } from './filter-orders';

const order = (
  documentNumber: number,
  overrides: Partial<OrderSummary['shipToAddress']> & { po?: string; statusCode?: number } = {},
): OrderSummary => ({
  documentNumber,
  purchaseOrderNumber: overrides.po ?? '',
  statusCode: overrides.statusCode ?? 10,
  statusDates: { entered: '2026-11-20T15:00:00.000Z', shipped: null },
  expectedShipDate: null,
  shipToAddress: {
    name: overrides.name ?? 'Peak Auto',
    address1: '1 Main St',
    address2: '',
    address3: '',
    city: overrides.city ?? 'Denver',
    state: 'CO',
    postalCode: '80202',
    email: 'shop@peak.example.com',
    phone: '3035550142',
  },
  orderAmount: 1250,
});

describe('filterOrders', () => {
  const list = [
    order(5000001, { po: 'PO-111', city: 'Boise' }),
    order(5000002, { name: 'Valley Lifts', statusCode: 25 }),
    order(5000003, { statusCode: -10 }),
  ];

  it('keeps every row for an empty keyword', () => {
    expect(filterOrders(list, '  ')).toHaveLength(3);
  });

  it.each([
    ['5000002', [5000002]],
    ['po-111', [5000001]],
    ['boise', [5000001]],
    ['valley lifts', [5000002]],
    ['backordered', [5000002]],
    ['cancelled', [5000003]],
    ['(303) 555', [5000001, 5000002, 5000003]],
    ['denver valley', [5000002]],
    ['nothing-like-this', []],
  ])('"%s" keeps %o', (keyword, expected) => {
    expect(filterOrders(list, keyword).map((o) => o.documentNumber)).toEqual(expected);
  });
});
