/** Database rows → the order shapes of spec 3, money in dollars (server-rules "Money"). */
import { centsToDollars, type OrderAddress, type OrderDetail, type OrderSummary } from '@portal/domain';
import type { OrderChildren, OrderRow, SummaryRow } from './repository.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function shipToAddressOf(row: SummaryRow | OrderRow): OrderAddress {
  return {
    name: row.shipToName,
    address1: row.shipToAddress1,
    address2: row.shipToAddress2,
    address3: row.shipToAddress3,
    city: row.shipToCity,
    state: row.shipToState,
    postalCode: row.shipToPostalCode,
    email: row.shipToEmail,
    phone: row.shipToPhone,
  };
}

export function billToAddressOf(billTo: Record<string, string>): OrderAddress {
  const field = (key: keyof OrderAddress) => (typeof billTo[key] === 'string' ? billTo[key] : '');
  return {
    name: field('name'),
    address1: field('address1'),
    address2: field('address2'),
    address3: field('address3'),
    city: field('city'),
    state: field('state'),
    postalCode: field('postalCode'),
    email: field('email'),
    phone: field('phone'),
  };
}

export function toOrderSummary(row: SummaryRow): OrderSummary {
  return {
    documentNumber: Number(row.documentNumber),
    purchaseOrderNumber: row.purchaseOrderNumber,
    statusCode: row.statusCode,
    statusDates: { entered: row.enteredAt.toISOString(), shipped: iso(row.shippedAt) },
    expectedShipDate: row.expectedShipDate,
    shipToAddress: shipToAddressOf(row),
  };
}

/**
 * The order detail. With `restrictedPricing` (spec 6, server-rules "Catalog, price and availability")
 * the caller never receives dealer cost: each product line shows the product's MSRP and the order
 * amount is recomputed from those lines, the charges and the tax. Labor lines and lines whose
 * product no longer exists keep their own price: a labor charge is a service price, not a
 * product's dealer cost.
 */
export function toOrderDetail(order: OrderRow, children: OrderChildren, restrictedPricing: boolean): OrderDetail {
  const lines = children.lines.map((line) => {
    const priceCents = restrictedPricing && !line.isLabor && line.msrpCents !== null ? line.msrpCents : line.priceCents;
    return {
      lineNumber: line.lineNumber,
      vendorProduct: line.sku,
      description: line.description,
      quantityOrdered: line.quantityOrdered,
      quantityShipped: line.quantityShipped,
      priceCents,
      isLabor: line.isLabor,
    };
  });
  const chargeCents = {
    notice: order.noticeCents,
    forklift: order.forkliftCents,
    liftgate: order.liftgateCents,
    residential: order.residentialCents,
    deliveryAccessSurcharge: order.deliveryAccessSurchargeCents,
    limitedAccess: order.limitedAccessCents,
    dockHold: order.dockHoldCents,
    other: order.otherCents,
  };
  const chargesTotal = Object.values(chargeCents).reduce((a, b) => a + b, 0);
  const orderCents = restrictedPricing
    ? lines.reduce((sum, l) => sum + l.priceCents * l.quantityOrdered, 0) + chargesTotal + order.taxCents
    : order.orderCents;

  const packagesOf = new Map<number, { trackingNumber: string; trackingUrl: string }[]>();
  for (const p of children.packages) {
    const list = packagesOf.get(p.shipmentId) ?? [];
    list.push({ trackingNumber: p.trackingNumber, trackingUrl: p.trackingUrl });
    packagesOf.set(p.shipmentId, list);
  }
  const linesOf = new Map<number, { lineNumber: number; vendorProduct: string; description: string; quantityShipped: number }[]>();
  for (const l of children.shipmentLines) {
    const list = linesOf.get(l.shipmentId) ?? [];
    list.push({ lineNumber: l.lineNumber, vendorProduct: l.sku, description: l.description, quantityShipped: l.quantityShipped });
    linesOf.set(l.shipmentId, list);
  }

  return {
    documentNumber: Number(order.documentNumber),
    purchaseOrderNumber: order.purchaseOrderNumber,
    statusCode: order.statusCode,
    statusDates: { entered: order.enteredAt.toISOString(), shipped: iso(order.shippedAt) },
    expectedShipDate: order.expectedShipDate,
    billToAddress: billToAddressOf(order.billTo),
    shipToAddress: shipToAddressOf(order),
    lines: lines.map(({ priceCents, ...line }) => ({ ...line, price: centsToDollars(priceCents) })),
    charges: Object.fromEntries(Object.entries(chargeCents).map(([k, v]) => [k, centsToDollars(v)])) as OrderDetail['charges'],
    totals: { taxAmount: centsToDollars(order.taxCents), orderAmount: centsToDollars(orderCents) },
    shipments: children.shipments.map((s) => ({
      shipmentNumber: s.shipmentNumber,
      statusCode: s.statusCode,
      expectedShipDate: s.expectedShipDate,
      shippedDate: s.shippedDate,
      scac: s.scac,
      scacLabel: s.scacLabel,
      packages: packagesOf.get(s.id) ?? [],
      lines: linesOf.get(s.id) ?? [],
    })),
  };
}
