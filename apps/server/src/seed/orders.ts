/**
 * Two years of order history per branch, generated day by day across all branches and handed over
 * in batches, so the million orders of size M are never all in memory and document numbers rise
 * with the entry time as they would in the manufacturer's system.
 */
import type { orders } from '../modules/orders/index.js';
import {
  buildShipments,
  drawCarrier,
  type OrderLineRow,
  type PackageRow,
  type ShipmentDraft,
  type ShipmentLineRow,
  type ShipmentPlan,
  type ShipmentRow,
} from './fulfilment.js';
import {
  ORDER_SCRIPT,
  FIRST_GENERATED_DOCUMENT_NUMBER,
  scriptedDocumentNumber,
  type ScriptedOrder,
  type ScriptedOrderKey,
} from './order-script.js';
import { billToOf, type BranchSeed, type CatalogId, type OrganizationSet } from './organizations.js';
import { grandTotalCents, ORDER_STATUS, orderStatusLabel, STATE_SALES_TAX_BPS, type StateCode } from '@portal/domain/rules';
import { CITIES, nearbyZip, phoneIn, streetAddress, suiteOrEmpty, type City } from './places.js';
import { LAST_NAMES, shopName, slugOf } from './people.js';
import { rngFor, uniqueCode, type Rng } from './prng.js';
import type { SellableProduct } from './products.js';
import type { SizeProfile } from './sizes.js';

export type OrderRow = typeof orders.$inferInsert & { id: number };

export type OrderBatch = {
  orders: OrderRow[];
  lines: OrderLineRow[];
  shipments: ShipmentRow[];
  packages: PackageRow[];
  shipmentLines: ShipmentLineRow[];
};

export type ProductPools = {
  lifts: SellableProduct[];
  show: SellableProduct[];
  /** Parcel-only and freight-only products of the first few hundred, for scripted orders. */
  scriptedParcel: SellableProduct[];
  scriptedFreight: SellableProduct[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const HISTORY_DAYS = 730;

const TAKEN_BYS = ['Alex Moreno', 'Casey Lin', 'Jordan Price'];
const NOTES = [
  'Call 30 minutes before delivery',
  'Deliver to rear dock',
  'Forklift on site',
  'Narrow driveway, small truck please',
  'Customer pickup at branch',
  'Hold for install crew',
];
const REFERENCES = ['Stock order', 'Bay 3 install', 'Shop expansion', 'Replacement unit', 'Warranty swap', 'Show special', 'Fleet upgrade'];

/** Status of a random order by age: recent orders are open, old ones invoiced or cancelled. */
const STATUS_BY_AGE: readonly (readonly [number, readonly (readonly [number, number])[]])[] = [
  [
    1,
    [
      [10, 60],
      [0, 4],
      [15, 4],
      [20, 18],
      [30, 5],
      [-10, 4],
      [60, 5],
    ],
  ],
  [
    3,
    [
      [10, 18],
      [20, 22],
      [25, 5],
      [30, 15],
      [40, 10],
      [50, 5],
      [55, 3],
      [60, 14],
      [-10, 5],
      [15, 3],
    ],
  ],
  [
    7,
    [
      [10, 4],
      [20, 8],
      [25, 5],
      [30, 9],
      [40, 9],
      [50, 9],
      [55, 5],
      [59, 3],
      [60, 30],
      [70, 12],
      [-10, 6],
    ],
  ],
  [
    30,
    [
      [20, 2],
      [25, 4],
      [30, 3],
      [40, 3],
      [50, 4],
      [55, 3],
      [59, 2],
      [60, 20],
      [70, 40],
      [80, 8],
      [90, 2],
      [-10, 8],
    ],
  ],
  [
    90,
    [
      [25, 1],
      [55, 1],
      [60, 5],
      [70, 45],
      [80, 20],
      [90, 10],
      [100, 10],
      [-10, 8],
    ],
  ],
  [
    Infinity,
    [
      [60, 0.5],
      [70, 35],
      [80, 20],
      [90, 15],
      [100, 23],
      [-10, 6.5],
    ],
  ],
];

function statusForAge(rng: Rng, ageDays: number): number {
  for (const [maxAge, weights] of STATUS_BY_AGE) if (ageDays < maxAge) return rng.weighted(weights);
  return 70;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Orders per branch per day, oldest first: business grows over the two years, with day-to-day noise.
 * Rounding the running total keeps the branch's count exact.
 */
function dailyCounts(rng: Rng, total: number): Int32Array {
  const weights = Array.from(
    { length: HISTORY_DAYS },
    (_, daysAgo) => (0.7 + 0.6 * (1 - daysAgo / (HISTORY_DAYS - 1))) * (0.5 + rng.next()),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = new Int32Array(HISTORY_DAYS);
  let running = 0;
  let given = 0;
  for (let d = 0; d < HISTORY_DAYS; d++) {
    running += (weights[d]! / sum) * total;
    const target = Math.round(running);
    counts[d] = target - given;
    given = target;
  }
  return counts;
}

type Draft = { branch: BranchSeed; ageMs: number; script?: ScriptedOrder & { key: ScriptedOrderKey } };

export type OrderCounts = { orders: number; lines: number; shipments: number; packages: number; shipmentLines: number };

export async function generateOrders(
  profile: SizeProfile,
  now: Date,
  orgs: OrganizationSet,
  pools: ProductPools,
  flush: (batch: OrderBatch) => Promise<void>,
): Promise<OrderCounts> {
  const nowMs = now.getTime();
  const rng = rngFor('orders');
  const randomPerBranch = profile.ordersPerBranch - ORDER_SCRIPT.length;
  if (randomPerBranch < 0) throw new Error('ordersPerBranch is smaller than the order script');
  const counts = orgs.branches.map((b) => dailyCounts(rngFor('order-days', b.branchNumber), randomPerBranch));
  const citiesByState = new Map<string, City[]>();
  for (const c of CITIES) citiesByState.set(c.state, [...(citiesByState.get(c.state) ?? []), c]);
  const billTo = new Map(orgs.branches.map((b) => [b.id, billToOf(b)]));

  let orderId = 0;
  let shipmentId = 0;
  let documentNumber = FIRST_GENERATED_DOCUMENT_NUMBER;
  const totals: OrderCounts = { orders: 0, lines: 0, shipments: 0, packages: 0, shipmentLines: 0 };
  let batch: OrderBatch = { orders: [], lines: [], shipments: [], packages: [], shipmentLines: [] };
  const emit = async () => {
    totals.orders += batch.orders.length;
    totals.lines += batch.lines.length;
    totals.shipments += batch.shipments.length;
    totals.packages += batch.packages.length;
    totals.shipmentLines += batch.shipmentLines.length;
    await flush(batch);
    batch = { orders: [], lines: [], shipments: [], packages: [], shipmentLines: [] };
  };

  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const drafts: Draft[] = [];
    orgs.branches.forEach((branch, b) => {
      for (let k = counts[b]![daysAgo]!; k > 0; k--) drafts.push({ branch, ageMs: (daysAgo + rng.next()) * DAY });
      for (const script of ORDER_SCRIPT) {
        if (Math.floor(script.enteredHoursAgo / 24) === daysAgo) drafts.push({ branch, ageMs: script.enteredHoursAgo * HOUR, script });
      }
    });
    drafts.sort((a, b) => b.ageMs - a.ageMs);
    for (const draft of drafts) {
      orderId++;
      const number = draft.script ? scriptedDocumentNumber(draft.branch.branchNumber, draft.script.key) : documentNumber++;
      const orderRng = draft.script ? rngFor(`scripted:${draft.branch.branchNumber}:${draft.script.key}`) : rng;
      buildOrder(orderRng, { nowMs, orgs, pools, citiesByState, billTo }, draft, orderId, number, () => ++shipmentId, batch);
    }
    if (batch.orders.length >= profile.orderBatch || daysAgo === 0) await emit();
  }
  return totals;
}

type Ctx = {
  nowMs: number;
  orgs: OrganizationSet;
  pools: ProductPools;
  citiesByState: Map<string, City[]>;
  billTo: Map<number, Record<string, string>>;
};

function pickProduct(rng: Rng, pool: SellableProduct[]): SellableProduct {
  // Squaring the draw favours the front of the list: a few products sell far more than the rest.
  return pool[Math.floor(pool.length * rng.next() * rng.next())]!;
}

function buildOrder(
  rng: Rng,
  ctx: Ctx,
  draft: Draft,
  id: number,
  documentNumber: number,
  nextShipmentId: () => number,
  out: OrderBatch,
): void {
  const { branch, script } = draft;
  const enteredMs = ctx.nowMs - draft.ageMs;
  const ageDays = draft.ageMs / DAY;
  const status = script ? script.status : statusForAge(rng, ageDays);
  const partial = orderStatusLabel(status) === 'Partially Shipped';

  // Lines.
  const catalog: CatalogId = !script && branch.catalogs.includes('show') && rng.chance(0.08) ? 'show' : 'lifts';
  const parcelScript = script?.carrier === 'UPSN' || script?.carrier === 'FDEG';
  const pool = script
    ? parcelScript
      ? ctx.pools.scriptedParcel
      : ctx.pools.scriptedFreight
    : catalog === 'show'
      ? ctx.pools.show
      : ctx.pools.lifts;
  const lineCount = partial
    ? rng.int(2, 4)
    : rng.weighted([
        [1, 45],
        [2, 30],
        [3, 15],
        [4, 10],
      ]);
  const chosen: SellableProduct[] = [];
  for (let attempt = 0; chosen.length < lineCount && attempt < lineCount * 4; attempt++) {
    const p = pickProduct(rng, pool);
    if (!chosen.includes(p)) chosen.push(p);
  }
  const lines: OrderLineRow[] = chosen.map((p, i) => ({
    orderId: id,
    lineNumber: i + 1,
    sku: p.sku,
    description: p.label,
    quantityOrdered: p.kind === 'accessory' ? rng.int(1, 8) : rng.chance(0.85) ? 1 : 2,
    quantityShipped: 0,
    priceCents: catalog === 'show' ? p.showCents : branch.organizationId === 2 ? p.valleyCents : p.liftsCents,
    isLabor: false,
  }));
  if (partial && lines.length < 2) lines[0]!.quantityOrdered = Math.max(2, lines[0]!.quantityOrdered);
  const hasLift = chosen.some((p) => p.kind.endsWith('-lift'));
  if (script?.laborLine || (!script && hasLift && rng.chance(0.04))) {
    lines.push({
      orderId: id,
      lineNumber: lines.length + 1,
      sku: 'LABOR-INSTALL',
      description: 'Installation labor',
      quantityOrdered: 1,
      quantityShipped: 0,
      priceCents: rng.int(9, 19) * 5000,
      isLabor: true,
    });
  }
  const itemsCents = lines.reduce((sum, l) => sum + l.priceCents! * l.quantityOrdered, 0);

  // Charges from the products' shipping needs and the organization's fees (server-rules "Charges").
  const needs = (flag: keyof SellableProduct['flags']) => chosen.some((p) => p.flags[flag]);
  const parcelOnly = chosen.every((p) => p.flags.isSmallParcel);
  const flatbed = needs('requiresFlatbed');
  const forklift = !flatbed && needs('requiresForkLift') && rng.chance(0.75);
  const liftgate = !flatbed && !needs('requiresForkLift') && needs('requiresLiftGate') && rng.chance(0.75);
  const residential = needs('requiresResidential') && rng.chance(0.7);
  const notice = flatbed || (!parcelOnly && rng.chance(0.4));
  const fees = branch.fees;
  const charges = {
    noticeCents: notice ? fees.notice : 0,
    forkliftCents: forklift ? fees.forklift : 0,
    liftgateCents: liftgate ? fees.liftgate : 0,
    residentialCents: residential ? fees.residential : 0,
    deliveryAccessSurchargeCents: !parcelOnly && rng.chance(0.03) ? 7500 : 0,
    limitedAccessCents: !parcelOnly && rng.chance(0.03) ? 5500 : 0,
    dockHoldCents: !parcelOnly && rng.chance(0.01) ? 4500 : 0,
    otherCents: rng.chance(0.02) ? rng.int(10, 60) * 100 : 0,
  };
  const chargesCents = Object.values(charges).reduce((a, b) => a + b, 0);

  // Destination: mostly the branch's own region.
  const state = rng.chance(0.85) ? rng.pick(branch.homeStates) : rng.pick(CITIES).state;
  const city = rng.pick(ctx.citiesByState.get(state) ?? CITIES);
  const shop = shopName(rng, city.city);
  const taxCertificateNumber = rng.chance(0.1) ? `${city.state}-${rng.digits(7)}` : '';
  const taxCents =
    branch.isTaxable && !taxCertificateNumber
      ? Math.round(((itemsCents + chargesCents) * (STATE_SALES_TAX_BPS[city.state as StateCode] ?? 600)) / 10000)
      : 0;

  // Dates: each event follows the previous one and none lies after the seeding moment.
  const nowMs = ctx.nowMs;
  let shippedMs: number | null = null;
  let firstShippedMs: number | null = null;
  let cancelledMs: number | null = null;
  let invoicedMs: number | null = null;
  if (script) {
    if (script.shippedHoursAgo !== undefined) shippedMs = nowMs - script.shippedHoursAgo * HOUR;
    if (script.cancelledHoursAgo !== undefined) cancelledMs = nowMs - script.cancelledHoursAgo * HOUR;
    if (script.invoicedHoursAgo !== undefined) invoicedMs = nowMs - script.invoicedHoursAgo * HOUR;
  } else {
    if (status === ORDER_STATUS.cancelled) cancelledMs = enteredMs + Math.min(draft.ageMs, 3 * DAY) * (0.05 + 0.95 * rng.next());
    if (status >= ORDER_STATUS.partialShip) shippedMs = enteredMs + Math.min(draft.ageMs * 0.95, DAY * (0.5 + 9.5 * rng.next() ** 1.5));
    if (shippedMs !== null && status >= ORDER_STATUS.invoiced)
      invoicedMs = shippedMs + Math.min((nowMs - shippedMs) * 0.95, DAY * (0.2 + 4 * rng.next()));
  }
  let expectedShipDate: string | null = null;
  if (status >= ORDER_STATUS.processing) {
    if (shippedMs !== null) expectedShipDate = dateOf(Math.max(enteredMs, shippedMs - rng.int(0, 2) * DAY));
    else if (status === ORDER_STATUS.backordered) expectedShipDate = dateOf(Math.max(nowMs, enteredMs) + rng.int(14, 45) * DAY);
    else if (script) expectedShipDate = dateOf(nowMs + rng.int(1, 6) * DAY);
    else expectedShipDate = dateOf(enteredMs + rng.int(2, 10) * DAY);
  }

  // Shipments.
  let shipmentPlan: ShipmentPlan | null = null;
  if (shippedMs !== null) {
    const goods = lines.filter((l) => !l.isLabor);
    const splittable = goods.length >= 2 || goods[0]!.quantityOrdered >= 2;
    if (script?.shipments) shipmentPlan = script.shipments;
    else if (status === ORDER_STATUS.partialShip) shipmentPlan = rng.chance(0.6) ? 'two-partial' : 'one-partial';
    else if (status === 59) shipmentPlan = 'one-partial';
    else shipmentPlan = splittable && rng.chance(0.15) ? 'two-full' : 'one';
    if (shipmentPlan === 'two-full') {
      firstShippedMs = Math.max(enteredMs + HOUR, shippedMs - rng.int(1, 3) * DAY);
      if (firstShippedMs >= shippedMs) shipmentPlan = 'one';
    }
    const shipDraft: ShipmentDraft = {
      plan: shipmentPlan,
      carrier: script?.carrier ?? drawCarrier(rng, parcelOnly),
      lastShipped: dateOf(shippedMs),
      firstShipped: dateOf(firstShippedMs ?? shippedMs),
      pendingExpected: dateOf(nowMs + rng.int(3, 12) * DAY),
    };
    buildShipments(rng, shipDraft, id, nextShipmentId, lines, out);
  }

  const enterers = ctx.orgs.orderEnterers.get(branch.id)!;
  const scripted = ctx.orgs.scriptedEnterer.get(branch.id)!;
  const enteredByUserId = script
    ? script.enteredBy === 'admin'
      ? scripted.admin
      : scripted.regular
    : enterers.length === 1
      ? enterers[0]!.userId
      : rng.weighted(enterers.map((e) => [e.userId, e.weight] as const));
  const onAccount = branch.onAccountAllowed && rng.chance(0.6);
  const contact = rng.pick(LAST_NAMES).toLowerCase();
  const purchaseOrderNumber = rng.chance(0.85)
    ? rng.weighted<string>([
        [`PO-${rng.digits(5)}`, 4],
        [rng.digits(6), 3],
        [`${rng.pick(LAST_NAMES).toUpperCase()}-${rng.digits(3)}`, 2],
        [`SHOP ${rng.digits(4)}`, 1],
      ])
    : '';
  const updatedMs = Math.max(enteredMs, shippedMs ?? 0, cancelledMs ?? 0, invoicedMs ?? 0);

  out.orders.push({
    id,
    documentNumber,
    confirmationNumber: uniqueCode(id),
    organizationId: branch.organizationId,
    branchId: branch.id,
    enteredByUserId,
    catalogId: catalog,
    purchaseOrderNumber,
    reference: rng.chance(0.3) ? rng.pick(REFERENCES) : '',
    statusCode: status,
    enteredAt: new Date(enteredMs),
    shippedAt: shippedMs === null ? null : new Date(shippedMs),
    cancelledAt: cancelledMs === null ? null : new Date(cancelledMs),
    invoicedAt: invoicedMs === null ? null : new Date(invoicedMs),
    expectedShipDate,
    billTo: ctx.billTo.get(branch.id)!,
    shipToName: shop,
    shipToAddress1: streetAddress(rng),
    shipToAddress2: suiteOrEmpty(rng),
    shipToAddress3: '',
    shipToCity: city.city,
    shipToState: city.state,
    shipToPostalCode: nearbyZip(rng, city),
    shipToEmail: `${contact}@${slugOf(shop)}.example.com`,
    shipToPhone: phoneIn(rng, city.area),
    ...charges,
    taxCents,
    orderCents: grandTotalCents({ itemsCents, chargesCents, taxCents }),
    shipvia: flatbed ? 'FLB' : parcelOnly ? 'UPS' : 'LTL',
    onAccount,
    cashOrder: !onAccount && branch.organizationId === 1 && rng.chance(0.05),
    takenBy: branch.organizationId === 1 && rng.chance(0.3) ? rng.pick(TAKEN_BYS) : '',
    notes: rng.chance(0.1) ? rng.pick(NOTES) : '',
    shippingInstructions: !parcelOnly && rng.chance(0.15) ? rng.pick(NOTES) : '',
    taxCertificateNumber,
    updatedAt: new Date(updatedMs),
  });
  out.lines.push(...lines);
}
