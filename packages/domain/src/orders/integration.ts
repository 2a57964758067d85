/**
 * Schemas of the integration API (server-rules "Orders"): the manufacturer's systems report status,
 * expected ship dates, shipments with packages and tracking, and invoices, and pull new orders.
 */
import { z } from 'zod';
import { int4, safeString } from '../validators.js';
import { orderAddressSchema, orderChargesSchema, orderDetailSchema, orderLineSchema } from './api.js';
import { serialNumberSchema } from '../equipment.js';

const calendarDate = z.iso.date({ error: 'A date must be written YYYY-MM-DD.' });

export const integrationOrderParamsSchema = z.object({
  documentNumber: z.coerce
    .number({ error: 'The order number must be a positive whole number.' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
});

export const orderStatusCodeSchema = z
  .number({ error: 'The status code must be a whole number.' })
  .int({ error: 'The status code must be a whole number.' })
  .min(-10, { error: 'The status code must be between -10 and 100.' })
  .max(100, { error: 'The status code must be between -10 and 100.' });

/** `POST /api/integration/orders/{documentNumber}/status`. */
export const integrationStatusRequestSchema = z.object({
  statusCode: orderStatusCodeSchema,
  expectedShipDate: calendarDate.nullable().optional(),
});
export type IntegrationStatusRequest = z.infer<typeof integrationStatusRequestSchema>;

/** `PUT /api/integration/orders/{documentNumber}/expected-ship-date`; null clears it. */
export const integrationExpectedShipDateRequestSchema = z.object({ expectedShipDate: calendarDate.nullable() });

export const integrationPackageSchema = z.object({
  trackingNumber: safeString().trim().min(1, { error: 'The tracking number is required.' }).max(100),
  /** Optional: for known carriers (UPS, FedEx, ODFL, SAIA, Estes, R+L) the portal builds the link. */
  trackingUrl: z
    .url({ protocol: /^https?$/, error: 'The tracking URL must be an http(s) address.' })
    .max(500)
    .optional(),
});

/** `POST /api/integration/orders/{documentNumber}/shipments`: creates or replaces one shipment. */
export const integrationShipmentRequestSchema = z.object({
  /** Zero-based; omitted means the next number. Sending the same number again replaces that shipment. */
  shipmentNumber: z.number().int().min(0).max(999).optional(),
  statusCode: orderStatusCodeSchema.default(60),
  expectedShipDate: calendarDate.nullable().optional(),
  /** Omitted with status 60 or above means today. */
  shippedDate: calendarDate.nullable().optional(),
  scac: safeString().trim().max(10).default(''),
  scacLabel: safeString().trim().max(100).optional(),
  packages: z.array(integrationPackageSchema).max(200).default([]),
  lines: z
    .array(
      z.object({
        lineNumber: int4().min(1),
        quantityShipped: int4().min(0),
        /** Issue 37: each serial becomes a unit of the order's organization and branch (at most one per unit shipped). */
        serialNumbers: z.array(serialNumberSchema).max(1000).optional(),
      }),
    )
    .min(1, { error: 'A shipment must list at least one line.' })
    .max(500),
});
export type IntegrationShipmentRequest = z.input<typeof integrationShipmentRequestSchema>;

/** `POST /api/integration/orders/{documentNumber}/invoice`: the order reaches Invoiced (70 unless given). */
export const integrationInvoiceRequestSchema = z.object({
  invoiceNumber: safeString().trim().max(50).default(''),
  statusCode: z
    .union([z.literal(70), z.literal(80), z.literal(90), z.literal(100)], { error: 'An invoice status is 70, 80, 90 or 100.' })
    .default(70),
  /** Final amounts, in dollars, when the invoice differs from the order. */
  taxAmount: z.number().min(0).max(10_000_000).optional(),
  orderAmount: z.number().min(0).max(100_000_000).optional(),
});
export type IntegrationInvoiceRequest = z.input<typeof integrationInvoiceRequestSchema>;

/** `GET /api/integration/orders?since=...`: orders placed since a time, oldest first, for the ERP. */
export const integrationOrdersQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 time, e.g. 2026-11-22T00:00:00Z.' }),
  /** Continue after this order when several share the last `enteredAt` of the previous page. */
  afterDocumentNumber: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const integrationOrderSchema = orderDetailSchema.extend({
  organizationId: z.number().int(),
  organizationName: z.string(),
  branchNumber: z.number().int(),
  confirmationNumber: z.string(),
  enteredAt: z.string(),
  enteredByEmail: z.string().nullable(),
  catalog: z.string().nullable(),
  reference: z.string(),
  notes: z.string(),
  shippingInstructions: z.string(),
  shipvia: z.string(),
  onAccount: z.boolean(),
  cashOrder: z.boolean(),
  takenBy: z.string(),
  taxCertificateNumber: z.string(),
  /** The dealer's lines at the dealer's prices, whatever the caller's pricing restrictions. */
  lines: z.array(orderLineSchema),
  charges: orderChargesSchema,
  billToAddress: orderAddressSchema,
});
export type IntegrationOrder = z.infer<typeof integrationOrderSchema>;

export const integrationOrdersResponseSchema = z.object({
  orders: z.array(integrationOrderSchema),
  /** Pass as `since` and `afterDocumentNumber` to get the next page; null when there is none. */
  next: z.object({ since: z.string(), afterDocumentNumber: z.number().int() }).nullable(),
});

/** Answer of the update calls: the order as it now stands. */
export const integrationUpdateResponseSchema = z.object({
  documentNumber: z.number().int(),
  statusCode: z.number().int(),
  expectedShipDate: z.string().nullable(),
});
