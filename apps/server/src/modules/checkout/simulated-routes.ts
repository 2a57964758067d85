/**
 * The simulated gateway's two faces (simulated mode only; docs/decisions/006-payment-gateway.md):
 * - the card form's confirmation, as Stripe.js confirms a card with Stripe: test cards succeed,
 *   are declined or fail for insufficient funds (server-rules "Checkout and payment");
 * - the readers' dev control `POST /api/dev/terminals/{readerId}/next` {status, message?}, which
 *   drives a reader of the caller's organization to any terminal status.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_SERVER_MESSAGES } from '@portal/domain/rules';
import {
  simulatedCardConfirmResultSchema,
  simulatedCardConfirmSchema,
  simulatedPaymentIntentParamsSchema,
  simulatedReaderNextSchema,
  terminalStatusResultSchema,
} from '@portal/domain';
import { terminalStatusResult } from '@portal/domain/rules';
import { z } from 'zod';
import { principalOf } from '../../http/principal.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { GatewayError } from '../../payments/gateway.js';
import type { SimulatedGateway } from '../../payments/simulated-gateway.js';
import { findOwnCheckoutByPaymentIntent, findReader } from './repository.js';
import type { CheckoutDeps } from './service.js';

export const simulatedGatewayRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps; gateway: SimulatedGateway }> = async (
  app,
  { deps, gateway },
) => {
  app.post('/api/simulated-gateway/payment-intents/:paymentIntentId/confirm', {
    config: { access: { roles: ['checkout'] } },
    schema: {
      tags: ['simulated gateway'],
      summary: "Confirms a card payment of the caller's checkout with the simulated provider's test cards (simulated mode only)",
      params: simulatedPaymentIntentParamsSchema,
      body: simulatedCardConfirmSchema,
      response: { 200: simulatedCardConfirmResultSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      if (!principal.organization.allowCardPayments) throw forbidden(CHECKOUT_SERVER_MESSAGES.cardNotAllowed);
      const checkout = await findOwnCheckoutByPaymentIntent(deps.db, principal, request.params.paymentIntentId);
      if (!checkout) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
      if (checkout.status !== 'open') throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
      try {
        const result = await gateway.confirmCard(request.params.paymentIntentId, request.body.clientSecret, request.body);
        return {
          status: result.status,
          error: result.error
            ? {
                type: result.error.type,
                code: result.error.code,
                declineCode: result.error.declineCode,
                message: result.error.message,
                field: result.error.field,
              }
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

  app.post('/api/dev/terminals/:readerId/next', {
    config: { access: { roles: ['checkout'], flag: 'allowTerminals' } },
    schema: {
      tags: ['simulated gateway'],
      summary:
        'Drives a simulated card reader: busy, offline or error answer the next send; completed, failed, cancelled or error end the checkout in progress; open or pending hold it (simulated mode only)',
      params: z.object({ readerId: z.string().trim().min(1).max(100) }),
      body: simulatedReaderNextSchema,
      response: { 200: terminalStatusResultSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const reader = await findReader(deps.db, principal.organization.id, request.params.readerId);
      if (!reader) throw notFound(CHECKOUT_SERVER_MESSAGES.readerNotFound);
      const result = await gateway.driveReader(reader.id, request.body.status, request.body.message);
      return terminalStatusResult(result.status, result.message);
    },
  });
};
