/**
 * Shipments, packages and tracking links of shipped orders. Parcel goods go by UPS or FedEx with one
 * tracking number per box; lifts and other freight go LTL with one PRO number per shipment.
 */
import type { orderLines, shipmentLines, shipmentPackages, shipments } from '../modules/orders/index.js';
import type { Carrier } from './order-script.js';
import type { Rng } from './prng.js';

export type ShipmentRow = typeof shipments.$inferInsert & { id: number };
export type PackageRow = typeof shipmentPackages.$inferInsert;
export type ShipmentLineRow = typeof shipmentLines.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferInsert & { lineNumber: number; quantityOrdered: number; quantityShipped: number };

export const CARRIERS: Record<
  Carrier,
  { label: string; parcel: boolean; trackingUrl: (n: string) => string; trackingNumber: (rng: Rng) => string }
> = {
  UPSN: {
    label: 'UPS',
    parcel: true,
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}`,
    trackingNumber: (rng) => `1Z${rng.pick(['A9R4X2', 'V81E37', '4F5W29'])}${rng.pick(['03', '02', '42'])}${rng.digits(8)}`,
  },
  FDEG: {
    label: 'FedEx Ground',
    parcel: true,
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
    trackingNumber: (rng) => `${rng.int(2, 7)}${rng.digits(11)}`,
  },
  ODFL: {
    label: 'Old Dominion Freight Line',
    parcel: false,
    trackingUrl: (n) => `https://www.odfl.com/us/en/tools/trace-track-ltl-freight/trace.html?proNumbers=${n}`,
    trackingNumber: (rng) => `0${rng.digits(9)}`,
  },
  SAIA: {
    label: 'Saia LTL Freight',
    parcel: false,
    trackingUrl: (n) => `https://www.saia.com/track/details;pro=${n}`,
    trackingNumber: (rng) => `1${rng.digits(10)}`,
  },
  EXLA: {
    label: 'Estes Express Lines',
    parcel: false,
    trackingUrl: (n) => `https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query=${n}`,
    trackingNumber: (rng) => `${rng.int(1, 9)}${rng.digits(9)}`,
  },
  RLCA: {
    label: 'R+L Carriers',
    parcel: false,
    trackingUrl: (n) => `https://www.rlcarriers.com/freight/shipping/shipment-tracing?pro=${n}`,
    trackingNumber: (rng) => `I${rng.digits(9)}`,
  },
};

export function drawCarrier(rng: Rng, parcelOnly: boolean): Carrier {
  return parcelOnly
    ? rng.weighted([
        ['UPSN', 6],
        ['FDEG', 4],
      ])
    : rng.weighted([
        ['ODFL', 35],
        ['SAIA', 20],
        ['EXLA', 25],
        ['RLCA', 20],
      ]);
}

export type ShipmentPlan = 'one' | 'two-full' | 'two-partial' | 'one-partial';

export type ShipmentDraft = {
  plan: ShipmentPlan;
  carrier: Carrier;
  /** The latest shipment's ship date, and (for two shipped shipments) the first one's. */
  lastShipped: string;
  firstShipped: string;
  /** For a pending second shipment. */
  pendingExpected: string;
};

/**
 * Splits the order's lines into shipments, fills quantityShipped on the lines and returns the rows.
 * Partial plans ship the first half of the lines (at least one unit stays unshipped).
 */
export function buildShipments(
  rng: Rng,
  draft: ShipmentDraft,
  orderId: number,
  nextShipmentId: () => number,
  lines: OrderLineRow[],
  out: { shipments: ShipmentRow[]; packages: PackageRow[]; shipmentLines: ShipmentLineRow[] },
): void {
  const goods = lines.filter((l) => !l.isLabor);
  const carrier = CARRIERS[draft.carrier];
  // Quantities per shipment: [shipment index][line index].
  const firstPart = goods.map((l, i) => {
    if (draft.plan === 'one') return l.quantityOrdered;
    if (goods.length === 1) return Math.floor(l.quantityOrdered / 2);
    return i < Math.ceil(goods.length / 2) ? l.quantityOrdered : 0;
  });
  const shipped: { quantities: number[]; date: string | null; expected: string }[] = [
    { quantities: firstPart, date: draft.plan === 'two-full' ? draft.firstShipped : draft.lastShipped, expected: draft.firstShipped },
  ];
  if (draft.plan === 'two-full' || draft.plan === 'two-partial') {
    shipped.push({
      quantities: goods.map((l, i) => l.quantityOrdered - firstPart[i]!),
      date: draft.plan === 'two-full' ? draft.lastShipped : null,
      expected: draft.plan === 'two-full' ? draft.lastShipped : draft.pendingExpected,
    });
  }
  shipped.forEach((s, shipmentNumber) => {
    const id = nextShipmentId();
    out.shipments.push({
      id,
      orderId,
      shipmentNumber,
      statusCode: s.date ? 60 : 30,
      expectedShipDate: s.expected,
      shippedDate: s.date,
      scac: draft.carrier,
      scacLabel: carrier.label,
    });
    if (!s.date) return;
    let units = 0;
    goods.forEach((line, i) => {
      const q = s.quantities[i]!;
      if (q <= 0) return;
      units += q;
      line.quantityShipped += q;
      out.shipmentLines.push({
        shipmentId: id,
        lineNumber: line.lineNumber,
        sku: line.sku,
        description: line.description ?? '',
        quantityShipped: q,
      });
    });
    const boxes = carrier.parcel ? Math.max(1, Math.min(3, units)) : 1;
    for (let b = 0; b < boxes; b++) {
      const trackingNumber = carrier.trackingNumber(rng);
      out.packages.push({ shipmentId: id, trackingNumber, trackingUrl: carrier.trackingUrl(trackingNumber) });
    }
  });
}
