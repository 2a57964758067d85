/**
 * Fixed, documented examples in the seeded data (docs/demo-data.md), for tests and demos that need
 * "a product that requires a flatbed" or "a partially shipped order" without searching for one.
 * The seed test checks that each example really has its property.
 */
import type { ShipToAddress } from '@portal/domain';
import { ORDER_SCRIPT, scriptedDocumentNumber, type ScriptedOrderKey } from './order-script.js';

/** One SKU per catalog and case. Both catalogs have every case; `lifts` has two more. */
export const FEATURED_SKUS = {
  lifts: {
    /** Four-post lift shipped on a flatbed (flatbed charge, notice required). */
    requiresFlatbed: 'IRP4P-14000',
    /** Two-post lift crated for a forklift; no flatbed. */
    forkLiftNoFlatbed: 'APX2P-10000',
    /** Tire changer needing a lift-gate truck and nothing else. */
    liftGateOnly: 'RMSTC-2400',
    /** Portable scissor lift delivered to residences (requiresResidential only). */
    residential: 'APXSL-6000',
    /** Lift pad set by parcel, no delivery requirement at all. */
    smallParcel: 'PBYAX-0104',
    /** Dealer price well under MSRP. */
    msrpDiffersFromPrice: 'BPRWB-2800',
    /** Dealer price equal to MSRP (MSRP not shown separately). */
    msrpEqualsPrice: 'AFGAX-0050',
    /** Four images for the carousel. */
    severalImages: 'TTAAL-3D40',
    /** Installation manual, specification sheet, parts breakdown and warranty downloads. */
    downloads: 'AFGAC-0080',
    /** In stock with further scheduled receipts (scheduledAvailability non-empty). */
    scheduledAvailability: 'TQL2P-12000',
    /** No stock in any warehouse and nothing scheduled: "call for availability". */
    outOfStock: 'IRP4P-30000',
    /** No stock anywhere but a scheduled receipt: backordered with a next receipt date. */
    outOfStockWithReceipt: 'TQLSL-8000',
    /** No images: the placeholder shows. */
    noImages: 'PBYAX-0201',
    /** Organization 2 (Valley Garage) has its own lower price for this SKU. */
    customerPrice: 'APX2P-12000',
    /** Listed in both catalogs (with a different price in each). */
    inBothCatalogs: 'APX2P-9000',
  },
  show: {
    requiresFlatbed: 'IRP4P-12000SE',
    forkLiftNoFlatbed: 'APX2P-10000SE',
    liftGateOnly: 'RMSTC-2600SE',
    residential: 'APXSL-6600SE',
    smallParcel: 'PBYAX-0108SE',
    msrpDiffersFromPrice: 'BPRWB-3000SE',
    msrpEqualsPrice: 'AFGAX-0002SE',
    severalImages: 'TTAAL-3D60SE',
    downloads: 'AFGAC-0060SE',
    scheduledAvailability: 'TQL2P-11000SE',
    outOfStock: 'IRP4P-18000SE',
    outOfStockWithReceipt: 'TQLSL-9000SE',
    noImages: 'PBYAX-0202SE',
    inBothCatalogs: 'APX2P-9000',
  },
} as const;

export type FeaturedCatalog = keyof typeof FEATURED_SKUS;
export type FeaturedCase = keyof (typeof FEATURED_SKUS)['lifts'];

/** The branch whose scripted orders are listed below (every branch has the same script). */
export const FEATURED_BRANCH = 101;

const n = (key: ScriptedOrderKey) => scriptedDocumentNumber(FEATURED_BRANCH, key);

/**
 * Document numbers of scripted orders in branch 101 (Summit Lift Supply, Denver). Every branch gets
 * the same script: its numbers are `3900000 + branchNumber * 100 + position` (see order-script.ts).
 * All are entered by buyer@summitlift.example.com except `enteredByAdmin`.
 */
export const FEATURED_ORDERS = {
  branchNumber: FEATURED_BRANCH,
  /** Status 10, 0, 15 and 10: Pending. */
  pending: [n('pendingToday'), n('pendingZero'), n('pendingFifteen'), n('pendingTwoDays')],
  /** Status 20, 30, 40, 50: Processing, with an expected ship date. */
  processing: [n('processing20'), n('processing30'), n('processing40'), n('processing50')],
  /** Status 25. */
  backordered: [n('backordered')],
  /** Status 55 with one shipped and one pending shipment; status 59 with one shipment covering part. */
  partiallyShipped: [n('partialTwoShipments'), n('partialOneShipment')],
  partialTwoShipments: n('partialTwoShipments'),
  partialOneShipment: n('partialOneShipment'),
  /** Status 60: by UPS today, by freight (ODFL) 1-3 days ago, by FedEx 3-7 days ago, in two shipments. */
  shipped: [n('shippedToday'), n('shippedFreight'), n('shippedFedex'), n('shippedTwoShipments')],
  shippedUps: n('shippedToday'),
  shippedFreight: n('shippedFreight'),
  shippedFedex: n('shippedFedex'),
  shippedTwoShipments: n('shippedTwoShipments'),
  /** Status -10: cancelled within the last day, 1-3 days, 3-7 days, and long ago. */
  cancelled: [n('cancelledToday'), n('cancelled1to3'), n('cancelled3to7'), n('cancelledOld')],
  /** Status 70, 80, 90, 100: Invoiced. */
  invoiced: [n('invoiced70'), n('invoiced80'), n('invoiced90'), n('invoiced100')],
  /** Entered by admin@, so buyer@ (limitOrderHistory) does not see it. */
  enteredByAdmin: [n('enteredByAdmin')],
  /** Has an installation labor line (isLabor). */
  withLaborLine: [n('laborLine')],
} as const;

/** Every scripted case with its status, for tests that walk the script. */
export const FEATURED_ORDER_CASES = ORDER_SCRIPT.map((o) => ({ key: o.key, statusCode: o.status, documentNumber: n(o.key) }));

/**
 * A ship-to address in Denver that passes the checkout's validation: the tests, the soak run and
 * the access matrix check out to it.
 */
export const FEATURED_SHIP_TO = {
  name: 'Front Range Lifts',
  street1: '1200 Blake St',
  street2: '',
  street3: '',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  country: 'US',
  phone: '(303) 555-0199',
  email: 'receiving@frontrange.example.com',
} as const satisfies ShipToAddress;
