/**
 * Orders every branch gets on top of its random history, at fixed times before the seeding moment,
 * so that every status code exists in every branch and the Day / 3 Days / Week windows of Recent
 * Orders, Open Orders and the dashboard counts are never empty, whatever the random draws did.
 */

export type Carrier = 'UPSN' | 'FDEG' | 'ODFL' | 'SAIA' | 'EXLA' | 'RLCA';

export type ScriptedOrder = {
  key: string;
  status: number;
  enteredHoursAgo: number;
  /** Latest shipment's ship time (status >= 55). */
  shippedHoursAgo?: number;
  cancelledHoursAgo?: number;
  invoicedHoursAgo?: number;
  /** How the goods went: by parcel (small-parcel lines only) or by freight (lifts). */
  carrier?: Carrier;
  shipments?: 'one' | 'two-full' | 'two-partial' | 'one-partial';
  enteredBy?: 'admin';
  laborLine?: boolean;
};

const H = 24;

export const ORDER_SCRIPT = [
  { key: 'pendingToday', status: 10, enteredHoursAgo: 3 },
  { key: 'pendingZero', status: 0, enteredHoursAgo: 6 },
  { key: 'pendingFifteen', status: 15, enteredHoursAgo: 9 },
  { key: 'processing20', status: 20, enteredHoursAgo: 30 },
  { key: 'processing30', status: 30, enteredHoursAgo: 52 },
  { key: 'processing40', status: 40, enteredHoursAgo: 100 },
  { key: 'processing50', status: 50, enteredHoursAgo: 140 },
  { key: 'backordered', status: 25, enteredHoursAgo: 80 },
  { key: 'partialTwoShipments', status: 55, enteredHoursAgo: 8 * H, shippedHoursAgo: 20, carrier: 'ODFL', shipments: 'two-partial' },
  { key: 'partialOneShipment', status: 59, enteredHoursAgo: 10 * H, shippedHoursAgo: 48, carrier: 'SAIA', shipments: 'one-partial' },
  { key: 'shippedToday', status: 60, enteredHoursAgo: 50, shippedHoursAgo: 5, carrier: 'UPSN', shipments: 'one' },
  { key: 'shippedFreight', status: 60, enteredHoursAgo: 5 * H, shippedHoursAgo: 40, carrier: 'ODFL', shipments: 'one' },
  { key: 'shippedFedex', status: 60, enteredHoursAgo: 9 * H, shippedHoursAgo: 110, carrier: 'FDEG', shipments: 'one' },
  { key: 'shippedTwoShipments', status: 60, enteredHoursAgo: 14 * H, shippedHoursAgo: 150, carrier: 'EXLA', shipments: 'two-full' },
  { key: 'cancelledToday', status: -10, enteredHoursAgo: 30, cancelledHoursAgo: 2 },
  { key: 'cancelled1to3', status: -10, enteredHoursAgo: 4 * H, cancelledHoursAgo: 60 },
  { key: 'cancelled3to7', status: -10, enteredHoursAgo: 10 * H, cancelledHoursAgo: 120 },
  { key: 'cancelledOld', status: -10, enteredHoursAgo: 200 * H, cancelledHoursAgo: 199 * H },
  {
    key: 'invoiced70',
    status: 70,
    enteredHoursAgo: 20 * H,
    shippedHoursAgo: 16 * H,
    invoicedHoursAgo: 15 * H,
    carrier: 'RLCA',
    shipments: 'one',
  },
  {
    key: 'invoiced80',
    status: 80,
    enteredHoursAgo: 45 * H,
    shippedHoursAgo: 40 * H,
    invoicedHoursAgo: 38 * H,
    carrier: 'UPSN',
    shipments: 'one',
  },
  {
    key: 'invoiced90',
    status: 90,
    enteredHoursAgo: 120 * H,
    shippedHoursAgo: 115 * H,
    invoicedHoursAgo: 112 * H,
    carrier: 'ODFL',
    shipments: 'one',
  },
  {
    key: 'invoiced100',
    status: 100,
    enteredHoursAgo: 400 * H,
    shippedHoursAgo: 396 * H,
    invoicedHoursAgo: 394 * H,
    carrier: 'FDEG',
    shipments: 'one',
  },
  { key: 'enteredByAdmin', status: 20, enteredHoursAgo: 20, enteredBy: 'admin' },
  { key: 'pendingTwoDays', status: 10, enteredHoursAgo: 60 },
  {
    key: 'laborLine',
    status: 70,
    enteredHoursAgo: 30 * H,
    shippedHoursAgo: 27 * H,
    invoicedHoursAgo: 26 * H,
    carrier: 'EXLA',
    shipments: 'one',
    laborLine: true,
  },
] as const satisfies readonly ScriptedOrder[];

export type ScriptedOrderKey = (typeof ORDER_SCRIPT)[number]['key'];

/**
 * Scripted orders have reserved numbers below the generated history (which starts at 4000001), so
 * they stay the same whatever the size of the set: 3900000 + branchNumber * 100 + position (1-based).
 */
export function scriptedDocumentNumber(branchNumber: number, key: ScriptedOrderKey): number {
  const position = ORDER_SCRIPT.findIndex((o) => o.key === key);
  if (position < 0) throw new Error(`unknown scripted order ${key}`);
  return 3_900_000 + branchNumber * 100 + position + 1;
}

export const FIRST_GENERATED_DOCUMENT_NUMBER = 4_000_001;
