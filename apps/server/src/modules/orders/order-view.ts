/** Database rows → the order shapes of spec 3, money in dollars (server-rules "Money"). */
import { calculateTaxCents, centsToDollars, grandTotalCents, orderItemsTotalCents } from '@portal/domain/rules';
import type { OrderAddress, OrderDetail, OrderSummary } from '@portal/domain';
import type { OrderChildren, OrderRow, SummaryRecord } from './repository.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function shipToAddressOf(row: OrderRow): OrderAddress {
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

/**
 * A timestamp as PostgreSQL writes it (`2026-11-22 16:31:21.228+00`) in ISO 8601 UTC, as
 * Date.toISOString writes it (`2026-11-22T16:31:21.228Z`). Text in UTC (the session time zone of
 * both engines here) is rearranged directly: `new Date(text)` goes through V8's slow path for
 * non-ISO text, and at two timestamps per row it was the largest cost of a 1,000-row list. Any
 * other text (another offset, a year past 9999) takes that path.
 */
export function isoOfTimestampText(text: string): string {
  const { length } = text;
  if (length >= 22 && length <= 29 && text.charCodeAt(10) === 32 && text.endsWith('+00') && (length === 22 || text.charCodeAt(19) === 46)) {
    const milliseconds = length === 22 ? '000' : `${text.slice(20, length - 3)}00`.slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
  }
  return new Date(text).toISOString();
}

/** One row of a list (repository SummaryRecord) as the order summary of spec 3. */
export function toOrderSummary(row: SummaryRecord): OrderSummary {
  return {
    documentNumber: Number(row.document_number),
    purchaseOrderNumber: row.purchase_order_number,
    statusCode: row.status_code,
    statusDates: {
      entered: isoOfTimestampText(row.entered_at),
      shipped: row.shipped_at === null ? null : isoOfTimestampText(row.shipped_at),
    },
    expectedShipDate: row.expected_ship_date,
    shipToAddress: {
      name: row.ship_to_name,
      address1: row.ship_to_address1,
      address2: row.ship_to_address2,
      address3: row.ship_to_address3,
      city: row.ship_to_city,
      state: row.ship_to_state,
      postalCode: row.ship_to_postal_code,
      email: row.ship_to_email,
      phone: row.ship_to_phone,
    },
    orderAmount: centsToDollars(Number(row.order_cents)),
  };
}

/**
 * The order detail. With `restrictedPricing` (spec 6, server-rules "Catalog, price and availability")
 * the caller never receives dealer cost, directly or derivably (issue 17, finding 2): every money
 * figure is on the MSRP basis (docs/api.md "Restricted pricing"):
 * - a product line shows the product's MSRP; a product line whose product is not in the catalog
 *   shows 0 (its list price is unknown, and its own price is dealer cost); labor lines keep their
 *   price (a service price, not a product's cost);
 * - charges are the organization's flat fees, as charged;
 * - taxAmount is the tax of those MSRP lines and charges at the ship-to state's rate (0 when the
 *   order carries no tax), never the tax charged, which is a fixed share of the dealer amount;
 * - orderAmount is those lines, charges and that tax.
 */
export function toOrderDetail(order: OrderRow, children: OrderChildren, restrictedPricing: boolean): OrderDetail {
  const lines = children.lines.map((line) => {
    const priceCents = restrictedPricing && !line.isLabor ? (line.msrpCents ?? 0) : line.priceCents;
    return {
      lineNumber: line.lineNumber,
      vendorProduct: line.sku,
      description: line.description,
      quantityOrdered: line.quantityOrdered,
      quantityShipped: line.quantityShipped,
      price: centsToDollars(priceCents),
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
  const linesTotal = orderItemsTotalCents(lines);
  const taxCents = restrictedPricing ? msrpBasisTaxCents(order, linesTotal, chargesTotal) : order.taxCents;
  const orderCents = restrictedPricing ? msrpOrderCents(order, linesTotal, chargesTotal) : order.orderCents;

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
    lines,
    charges: Object.fromEntries(Object.entries(chargeCents).map(([k, v]) => [k, centsToDollars(v)])) as OrderDetail['charges'],
    totals: { taxAmount: centsToDollars(taxCents), orderAmount: centsToDollars(orderCents) },
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

/** An order's total on the MSRP basis: its MSRP lines, its charges and the tax on them (toOrderDetail; the lists, issue 34). */
export function msrpOrderCents(order: Pick<OrderRow, 'taxCents' | 'shipToState'>, linesCents: number, chargesCents: number): number {
  return grandTotalCents({ itemsCents: linesCents, chargesCents, taxCents: msrpBasisTaxCents(order, linesCents, chargesCents) });
}

/** The tax an order would carry on the MSRP basis: none if it carries none, else the ship-to state's rate on lines and charges. */
function msrpBasisTaxCents(order: Pick<OrderRow, 'taxCents' | 'shipToState'>, linesCents: number, chargesCents: number): number {
  if (order.taxCents === 0) return 0;
  return calculateTaxCents({
    organizationTaxable: true,
    taxCertificateNumber: '',
    state: order.shipToState,
    itemsCents: linesCents,
    chargesCents,
  });
}
