/**
 * The checkout calls of spec 7 under /api (interface-contract "HTTP API"), the provider's webhook
 * (stripe mode) and the simulated gateway's card form and reader control (simulated mode).
 * Handlers are thin: schema → service.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calculateTaxesRequestSchema,
  calculateTaxesResponseSchema,
  checkoutRecordSchema,
  completeCheckoutResponseSchema,
  confirmationNumberParamsSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  okSchema,
  terminalRequestSchema,
  terminalStatusResultSchema,
  updateCheckoutRequestSchema,
  updateCheckoutResponseSchema,
  type TerminalStatusResult,
} from '@portal/domain';
import { terminalStatusResult } from '@portal/domain/rules';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { createPaymentGateway } from '../../payments/create-gateway.js';
import { GatewayError } from '../../payments/gateway.js';
import { completeCheckout } from './completion.js';
import { calculateTaxes, cancelCheckout, createCheckout, getCheckout, updateCheckout, type CheckoutDeps } from './service.js';
import { savedCardPaymentRoutes } from './saved-card-routes.js';
import { simulatedGatewayRoutes } from './simulated-routes.js';
import { cancelOnTerminal, processOnTerminal, terminalStatus } from './terminal-service.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

const TAGS = ['checkout'];
const CHECKOUT_ACCESS = { access: { roles: ['checkout' as const] } };
const TERMINAL_ACCESS = { access: { roles: ['checkout' as const], flag: 'allowTerminals' as const } };

/** A reader or provider refusal is a terminal status the page can show, not a server failure. */
async function asTerminalResult(work: () => Promise<TerminalStatusResult>): Promise<TerminalStatusResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayError) return terminalStatusResult('error', error.message);
    throw error;
  }
}

/** The app inside a route plugin: routes validate and serialize with the domain's zod schemas. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Filling in the checkout: created from the cart, updated with the form's details, its taxes. */
function registerFormRoutes(app: ZodApp, deps: CheckoutDeps) {
  app.post('/api/checkout', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary:
        'Creates a checkout from the cart (re-priced on the server): confirmation number and payment intent; 409 code 8000 when prices changed, 422 code 8001 without payment methods',
      body: createCheckoutRequestSchema,
      response: { 200: createCheckoutResponseSchema },
    },
    handler: (request) => createCheckout(deps, principalOf(request), request.body),
  });

  app.put('/api/checkout', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary:
        "Updates a checkout with the form's details (ship-to address, PO, notes, on account or cash, taken by, tax certificate); fixes the amount to pay",
      body: updateCheckoutRequestSchema,
      response: { 200: updateCheckoutResponseSchema },
    },
    handler: (request) => updateCheckout(deps, principalOf(request), request.body),
  });

  app.post('/api/checkout/calculate-taxes', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary: "Taxes and grand total of the checkout's cart for a complete ship-to address (built-in state rates)",
      body: calculateTaxesRequestSchema,
      response: { 200: calculateTaxesResponseSchema },
    },
    handler: (request) => calculateTaxes(deps, principalOf(request), request.body),
  });
}

/** The checkout record: read, completed into an order, or cancelled. */
function registerRecordRoutes(app: ZodApp, deps: CheckoutDeps) {
  app.get('/api/checkout/:confirmationNumber', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary: 'The checkout record: confirmation number, payment intent, cart, on account, status and order number',
      params: confirmationNumberParamsSchema,
      response: { 200: checkoutRecordSchema },
    },
    handler: (request) => getCheckout(deps, principalOf(request), request.params.confirmationNumber),
  });

  app.get('/api/checkout/:confirmationNumber/complete', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary:
        'Completes the checkout into exactly one order (on account, cash, or a payment that succeeded); repeats answer the same order',
      params: confirmationNumberParamsSchema,
      response: { 200: completeCheckoutResponseSchema },
    },
    handler: async (request) => {
      const result = await completeCheckout(deps, request.params.confirmationNumber, { kind: 'user', principal: principalOf(request) });
      return { ok: true as const, confirmationNumber: result.confirmationNumber, documentNumber: result.documentNumber };
    },
  });

  app.delete('/api/checkout/:confirmationNumber', {
    config: CHECKOUT_ACCESS,
    schema: {
      tags: TAGS,
      summary: 'Cancels the checkout and its payment intent (back to the cart)',
      params: confirmationNumberParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await cancelCheckout(deps, principalOf(request), request.params.confirmationNumber);
      return { ok: true as const };
    },
  });
}

/** Paying on one of the organization's card readers (organizations allowed terminals only). */
function registerTerminalRoutes(app: ZodApp, deps: CheckoutDeps) {
  app.post('/api/checkout/terminal/process', {
    config: TERMINAL_ACCESS,
    schema: {
      tags: TAGS,
      summary: "Sends the checkout's payment intent to one of the organization's card readers",
      body: terminalRequestSchema,
      response: { 200: terminalStatusResultSchema },
    },
    handler: (request) => asTerminalResult(() => processOnTerminal(deps, principalOf(request), request.body)),
  });

  app.post('/api/checkout/terminal/status', {
    config: TERMINAL_ACCESS,
    schema: {
      tags: TAGS,
      summary: 'Where the card reader stands with the checkout; completes the checkout when the payment went through',
      body: terminalRequestSchema,
      response: { 200: terminalStatusResultSchema },
    },
    handler: (request) => asTerminalResult(() => terminalStatus(deps, principalOf(request), request.body)),
  });

  app.post('/api/checkout/terminal/cancel', {
    config: TERMINAL_ACCESS,
    schema: {
      tags: TAGS,
      summary: 'Stops the card reader waiting for a card (the status modal reset)',
      body: terminalRequestSchema,
      response: { 200: terminalStatusResultSchema },
    },
    handler: (request) => asTerminalResult(() => cancelOnTerminal(deps, principalOf(request), request.body)),
  });
}

export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const configured = createPaymentGateway(config, db);
  const deps: CheckoutDeps = { db, gateway: configured.gateway, salesEmail: config.salesEmail };

  registerFormRoutes(app, deps);
  registerRecordRoutes(app, deps);
  registerTerminalRoutes(app, deps);

  await app.register(savedCardPaymentRoutes, { deps });

  if (configured.kind === 'stripe') {
    await app.register(stripeWebhookRoutes, { deps, gateway: configured.gateway });
  } else {
    await app.register(simulatedGatewayRoutes, { deps, gateway: configured.gateway });
  }
};
