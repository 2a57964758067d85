/**
 * 'Pay Selected' (issue 36; interface-contract "Account statement"): the Accounting Manager's invoice
 * payments, the invoice PDFs, the simulated gateway's card form for them (simulated mode), and the
 * manufacturer's paging of the payments made in the portal.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationInvoicePaymentsQuerySchema,
  integrationInvoicePaymentsResponseSchema,
  invoiceParamsSchema,
  invoicePaymentParamsSchema,
  invoicePaymentRequestSchema,
  invoicePaymentSchema,
  simulatedCardConfirmResultSchema,
  simulatedInvoiceCardSchema,
} from '@portal/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import { createPaymentGateway } from '../../payments/create-gateway.js';
import { GatewayError } from '../../payments/gateway.js';
import type { SimulatedGateway } from '../../payments/simulated-gateway.js';
import { principalOf } from '../auth/index.js';
import { invoicePdf } from './invoice-pdf.js';
import {
  completeInvoicePayment,
  createInvoicePayment,
  ownPayment,
  paymentsPaidSince,
  PAYMENT_MESSAGES,
  type PaymentDeps,
} from './payments.js';

const ACCOUNTING = { access: { roles: ['accounting' as const] } };
const TAGS = ['account'];

/** The app inside a route plugin: routes validate and serialize with the domain's zod schemas. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** 'Pay Selected': a pending payment of the chosen invoices, then its completion once the card went through. */
function registerPaymentRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post('/api/account/invoice-payments', {
    config: ACCOUNTING,
    schema: {
      tags: TAGS,
      summary:
        "Starts paying the selected open invoices by card ('Pay Selected'): a pending payment of their balances and the provider's intent to confirm",
      description:
        "The page confirms the card payment with the provider (Stripe.js, or the simulated card form), then calls `.../{paymentNumber}/complete`. A pending payment reserves its invoices; a new payment of any of them gives the older one up (409 while another request is making one). 404 for an invoice not of the caller's organization, 409 for one not open.",
      body: invoicePaymentRequestSchema,
      response: { 200: invoicePaymentSchema },
    },
    handler: (request) => createInvoicePayment(deps, principalOf(request), request.body.invoiceNumbers),
  });

  app.post('/api/account/invoice-payments/:paymentNumber/complete', {
    config: ACCOUNTING,
    schema: {
      tags: TAGS,
      summary: 'Records the payment once its card payment went through: the balances are paid, the receipt mailed, invoice.paid sent',
      description: 'Repeats answer the same payment; 409 while the card payment has not gone through.',
      params: invoicePaymentParamsSchema,
      response: { 200: invoicePaymentSchema },
    },
    handler: (request) => completeInvoicePayment(deps, principalOf(request), request.params.paymentNumber),
  });
}

/** One invoice of the caller's organization as a PDF download. */
function registerInvoicePdfRoute(app: ZodApp, db: Database) {
  app.get('/api/account/invoices/:invoiceNumber/pdf', {
    config: ACCOUNTING,
    schema: {
      tags: TAGS,
      summary: "One of the organization's invoices as a PDF document (application/pdf); another organization's answers 404",
      params: invoiceParamsSchema,
    },
    handler: async (request, reply) => {
      const pdf = await invoicePdf(db, principalOf(request), request.params.invoiceNumber);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.bytes);
    },
  });
}

/** The manufacturer's paging of the payments made in the portal (API key). */
function registerIntegrationPaymentsRoute(app: ZodApp, db: Database) {
  app.get('/api/integration/invoice-payments', {
    config: { access: 'integration' },
    schema: {
      tags: ['integration'],
      summary: 'Invoice payments made in the portal since a time, oldest first, with the invoices each paid',
      description:
        "Authenticate with `Authorization: Bearer <API key>`. Page with the answer's `next` (since + afterPaymentNumber) until it is null. Each payment is also sent as `invoice.paid` events.",
      querystring: integrationInvoicePaymentsQuerySchema,
      response: { 200: integrationInvoicePaymentsResponseSchema },
    },
    handler: (request) => paymentsPaidSince(db, request.query.since, request.query.afterPaymentNumber, request.query.limit),
  });
}

/** The simulated gateway's card form for an invoice payment (simulated mode only). */
function registerSimulatedCardRoute(app: ZodApp, db: Database, simulated: SimulatedGateway) {
  app.post('/api/simulated-gateway/invoice-payments/:paymentNumber/confirm', {
    config: ACCOUNTING,
    schema: {
      tags: ['simulated gateway'],
      summary:
        "Confirms the card payment of the organization's invoice payment with the simulated provider's test cards (simulated mode only)",
      params: invoicePaymentParamsSchema,
      body: simulatedInvoiceCardSchema,
      response: { 200: simulatedCardConfirmResultSchema },
    },
    handler: async (request) => {
      const payment = await ownPayment(db, principalOf(request), request.params.paymentNumber);
      if (payment.status !== 'pending' || !payment.paymentIntentId) throw conflict(PAYMENT_MESSAGES.cancelled);
      try {
        const result = await simulated.confirmCard(payment.paymentIntentId, request.body.clientSecret, request.body);
        const error = result.error;
        return {
          status: result.status,
          error: error
            ? { type: error.type, code: error.code, declineCode: error.declineCode, message: error.message, field: error.field }
            : null,
        };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return {
          status: 'requires_payment_method',
          error: { type: 'invalid_request_error' as const, code: error.code, declineCode: null, message: error.message, field: null },
        };
      }
    },
  });
}

export const invoicePaymentRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const configured = createPaymentGateway(config, db);
  const deps: PaymentDeps = { db, gateway: configured.gateway };
  registerPaymentRoutes(app, deps);
  registerInvoicePdfRoute(app, db);
  registerIntegrationPaymentsRoute(app, db);
  if (configured.kind !== 'simulated') return;
  registerSimulatedCardRoute(app, db, configured.gateway);
};
