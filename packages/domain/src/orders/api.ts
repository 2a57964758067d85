/**
 * Schemas of the order calls (spec 3 "Order summary", "Order detail", "Recent-orders response",
 * "Order search request/response", "Address"; spec 7). Money is dollars with two decimals.
 */
import { z } from 'zod';
import { branchNumberSchema, nullAs } from '../api/common.js';
import { isStateCode } from '../states.js';
import { INT4_MAX, isValidEmail } from '../validators-rules.js';
import { safeString } from '../validators.js';
import { ORDER_PAGE_SIZES, ORDER_SEARCH_SERVICE_PAGE_SIZE } from './paging.js';
import { FALLBACK_TIME_ZONE, isValidTimeZone, RECENT_DEFAULTS, RECENT_UPDATE_TYPES } from './recent-window.js';
import { ORDER_STATUS_GROUPS } from './status.js';
import {
  ORDER_SEARCH_TIME_FRAMES,
  ORDER_SEARCH_DEFAULT_TIME_FRAME,
  ORDER_SEARCH_CRITERIA_MESSAGE,
  hasSearchCriteria,
  type OrderSearchCriteriaField,
} from './api-rules.js';

/** Address of order documents (spec 3 "Address"). */
export const orderAddressSchema = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** Timestamps are ISO 8601 (UTC); calendar dates are `YYYY-MM-DD`. */
export const orderStatusDatesSchema = z.object({
  entered: z.string(),
  shipped: z.string().nullable(),
});

export const orderSummarySchema = z.object({
  documentNumber: z.number().int(),
  purchaseOrderNumber: z.string(),
  statusCode: z.number().int(),
  statusDates: orderStatusDatesSchema,
  expectedShipDate: z.string().nullable(),
  shipToAddress: orderAddressSchema,
  /**
   * The order's total (issue 34: the lists' column 'Total'); for a restricted-pricing caller on the
   * MSRP basis, as order details computes it (docs/api.md "Restricted pricing").
   */
  orderAmount: z.number(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const openOrdersRequestSchema = z.object({ branchNumber: branchNumberSchema });
export type OpenOrdersRequest = z.infer<typeof openOrdersRequestSchema>;
export const openOrdersResponseSchema = z.array(orderSummarySchema);

export const recentTimeFrameSchema = z.union([z.literal(1), z.literal(3), z.literal(7)], {
  error: 'The time frame must be 1, 3 or 7 days.',
});

export const recentOrdersRequestSchema = z.object({
  timeFrame: recentTimeFrameSchema.default(RECENT_DEFAULTS.timeFrame),
  updateType: z
    .enum(RECENT_UPDATE_TYPES, { error: 'The type of update must be any, entered, shipped or cancelled.' })
    .default(RECENT_DEFAULTS.updateType),
  page: z
    .number({ error: 'The page must be a whole number of at least 1.' })
    .int()
    .min(1, { error: 'The page must be a whole number of at least 1.' })
    .max(1000)
    .default(1),
  /** IANA zone of the caller: the days of the window are its calendar days. */
  timeZone: z.string().trim().refine(isValidTimeZone, { error: 'The time zone is not known.' }).default(FALLBACK_TIME_ZONE),
  branchNumber: branchNumberSchema,
});
export type RecentOrdersRequest = z.input<typeof recentOrdersRequestSchema>;

export const recentOrdersResponseSchema = z.object({
  orders: z.array(orderSummarySchema),
  startTime: z.string(),
  endTime: z.string(),
});
export type RecentOrdersResponse = z.infer<typeof recentOrdersResponseSchema>;

const text = (max = 100) =>
  safeString()
    .trim()
    .max(max, { error: `At most ${max} characters.` })
    .default('');

/** The criteria of the Order Search form; each is optional, an empty text means "not given". */
const criteriaShape = {
  orderReference: text(),
  email: safeString()
    .trim()
    .max(254)
    .default('')
    .refine((v) => v === '' || isValidEmail(v), { error: 'The email address is invalid.' }),
  phone: text(30).refine((v) => v === '' || /\d/.test(v), { error: 'The phone number must contain digits.' }),
  status: z.union([z.enum(ORDER_STATUS_GROUPS), z.literal('')], { error: 'The status must be one of the listed options.' }).default(''),
  timeFrame: z
    .enum(ORDER_SEARCH_TIME_FRAMES, { error: 'The time frame must be month, 6months, year or 2years.' })
    .default(ORDER_SEARCH_DEFAULT_TIME_FRAME),
  name: text(),
  address: text(),
  city: text(),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .default('')
    .refine((v) => v === '' || isStateCode(v), { error: 'The state is not a US state.' }),
  postalCode: text(10),
  /** Orders with a line whose SKU starts with this (any case), issue 34. */
  sku: text(40),
};

function requireOneCriterion(value: Partial<Record<OrderSearchCriteriaField, string>>, ctx: z.RefinementCtx) {
  if (!hasSearchCriteria(value)) ctx.addIssue({ code: 'custom', message: ORDER_SEARCH_CRITERIA_MESSAGE, path: [] });
}

/** The criteria fields each on its own (the form validates these, then asks hasSearchCriteria). */
export const orderSearchFieldsSchema = z.object(criteriaShape);

/** The Order Search criteria, with spec 5's "at least one criterion" rule. */
export const orderSearchCriteriaSchema = orderSearchFieldsSchema.superRefine(requireOneCriterion);
export type OrderSearchCriteriaInput = z.input<typeof orderSearchCriteriaSchema>;
export type OrderSearchCriteria = z.output<typeof orderSearchCriteriaSchema>;

export const orderPageSizeSchema = z.union(
  ORDER_PAGE_SIZES.map((size) => z.literal(size)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<25>, z.ZodLiteral<50>, z.ZodLiteral<100>],
  { error: 'The page size must be 10, 25, 50 or 100.' },
);

/**
 * `POST /orders/search` (spec 3 "Order search request"). A client built from the spec may send null
 * for a criterion it leaves empty: null counts as not given (the default).
 */
export const orderSearchRequestSchema = z
  .object({
    orderReference: nullAs(criteriaShape.orderReference, ''),
    email: nullAs(criteriaShape.email, ''),
    phone: nullAs(criteriaShape.phone, ''),
    status: nullAs(criteriaShape.status, ''),
    timeFrame: nullAs(criteriaShape.timeFrame, ORDER_SEARCH_DEFAULT_TIME_FRAME),
    name: nullAs(criteriaShape.name, ''),
    address: nullAs(criteriaShape.address, ''),
    city: nullAs(criteriaShape.city, ''),
    state: nullAs(criteriaShape.state, ''),
    postalCode: nullAs(criteriaShape.postalCode, ''),
    sku: nullAs(criteriaShape.sku, ''),
    page: nullAs(
      z
        .number({ error: 'The page must be a whole number of at least 1.' })
        .int()
        .min(1, { error: 'The page must be a whole number of at least 1.' })
        .max(INT4_MAX, { error: 'The page must be a whole number of at least 1.' })
        .default(1),
      1,
    ),
    pageSize: nullAs(orderPageSizeSchema.default(ORDER_SEARCH_SERVICE_PAGE_SIZE), ORDER_SEARCH_SERVICE_PAGE_SIZE),
    branchNumber: branchNumberSchema,
  })
  .superRefine(requireOneCriterion);
export type OrderSearchRequest = z.input<typeof orderSearchRequestSchema>;
export type OrderSearchQuery = z.output<typeof orderSearchRequestSchema>;

export const orderSearchResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  results: z.array(orderSummarySchema),
});
export type OrderSearchResponse = z.infer<typeof orderSearchResponseSchema>;

/** Order details id (spec 5: must be positive). */
export const orderDetailParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The order number must be a positive whole number.' })
    .int()
    .positive({ error: 'The order number must be a positive whole number.' })
    .max(Number.MAX_SAFE_INTEGER),
});

export const orderLineSchema = z.object({
  lineNumber: z.number().int(),
  vendorProduct: z.string(),
  description: z.string(),
  quantityOrdered: z.number().int(),
  quantityShipped: z.number().int(),
  price: z.number(),
  isLabor: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderChargesSchema = z.object({
  notice: z.number(),
  forklift: z.number(),
  liftgate: z.number(),
  residential: z.number(),
  deliveryAccessSurcharge: z.number(),
  limitedAccess: z.number(),
  dockHold: z.number(),
  other: z.number(),
});
export type OrderCharges = z.infer<typeof orderChargesSchema>;

export const shipmentPackageSchema = z.object({ trackingNumber: z.string(), trackingUrl: z.string() });
export type ShipmentPackage = z.infer<typeof shipmentPackageSchema>;

export const shipmentLineSchema = z.object({
  lineNumber: z.number().int(),
  vendorProduct: z.string(),
  description: z.string(),
  quantityShipped: z.number().int(),
});

export const orderShipmentSchema = z.object({
  /** Zero-based (spec 3). */
  shipmentNumber: z.number().int(),
  statusCode: z.number().int(),
  expectedShipDate: z.string().nullable(),
  shippedDate: z.string().nullable(),
  scac: z.string(),
  scacLabel: z.string(),
  packages: z.array(shipmentPackageSchema),
  lines: z.array(shipmentLineSchema),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/**
 * `GET /orders/detail/{id}` (spec 3 "Order detail"). `expectedShipDate` and `statusDates.shipped`
 * are added beside the spec's fields because the progress steps show them (spec 4).
 */
export const orderDetailSchema = z.object({
  documentNumber: z.number().int(),
  purchaseOrderNumber: z.string(),
  statusCode: z.number().int(),
  statusDates: orderStatusDatesSchema,
  expectedShipDate: z.string().nullable(),
  billToAddress: orderAddressSchema,
  shipToAddress: orderAddressSchema,
  lines: z.array(orderLineSchema),
  charges: orderChargesSchema,
  totals: z.object({ taxAmount: z.number(), orderAmount: z.number() }),
  shipments: z.array(orderShipmentSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
