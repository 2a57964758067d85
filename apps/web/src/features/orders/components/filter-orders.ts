/**
 * The client-side keyword filter of Open and Recent Orders (spec 2): every word typed must appear
 * in some visible field of the row (number, PO, status, dates, destination, contact), any case.
 */
import { formatDate, formatPhone, orderStatusLabel } from '@portal/domain/rules';
import type { OrderSummary } from '@portal/domain';

function haystackOf(o: OrderSummary): string {
  const a = o.shipToAddress;
  return [
    o.documentNumber,
    o.purchaseOrderNumber,
    orderStatusLabel(o.statusCode),
    formatDate(o.statusDates.entered),
    formatDate(o.statusDates.shipped),
    formatDate(o.expectedShipDate),
    a.name,
    a.address1,
    a.address2,
    a.city,
    a.state,
    a.postalCode,
    a.email,
    a.phone,
    formatPhone(a.phone),
  ]
    .join(' ')
    .toLowerCase();
}

export function filterOrders(orders: OrderSummary[], keyword: string): OrderSummary[] {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return orders;
  return orders.filter((o) => {
    const haystack = haystackOf(o);
    return words.every((w) => haystack.includes(w));
  });
}
