/**
 * 'Use a saved card' at checkout (issue 36, roles checkout and storedPayments): the checkout's payment
 * intent paid server-side with one of the caller's own saved cards (modules/saved-cards), nothing
 * typed. The page then completes the checkout as after any card payment (completion.ts, unchanged:
 * the intent succeeded, so exactly one order follows).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_SERVER_MESSAGES } from '@portal/domain/rules';
import { cardPaymentResultSchema, confirmationNumberParamsSchema, payWithSavedCardRequestSchema } from '@portal/domain';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { GatewayError } from '../../payments/gateway.js';
import { principalOf } from '../auth/index.js';
import { savedCardForPayment } from '../saved-cards/index.js';
import { findOwnCheckout } from './repository.js';
import type { CheckoutDeps } from './service.js';

export const savedCardPaymentRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (app, { deps }) => {
  app.post('/api/checkout/:confirmationNumber/saved-card', {
    config: { access: { roles: ['checkout', 'storedPayments'] } },
    schema: {
      tags: ['checkout'],
      summary: "Pays the checkout with one of the caller's saved cards ('Use a saved card'); then complete it as after any card payment",
      description:
        "Another user's card or another organization's checkout answers 404; a refused card answers 200 with the provider's error.",
      params: confirmationNumberParamsSchema,
      body: payWithSavedCardRequestSchema,
      response: { 200: cardPaymentResultSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      if (!principal.organization.allowCardPayments) throw forbidden(CHECKOUT_SERVER_MESSAGES.cardNotAllowed);
      const checkout = await findOwnCheckout(deps.db, principal, request.params.confirmationNumber);
      if (!checkout || !checkout.paymentIntentId) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
      if (checkout.status !== 'open') throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
      const card = await savedCardForPayment(deps.db, principal, request.body.savedCardId);
      try {
        const result = await deps.gateway.payWithSavedCard(checkout.paymentIntentId, card);
        return { status: result.status, error: result.error ? { type: 'card_error' as const, ...result.error } : null };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return {
          status: 'requires_payment_method',
          error: { type: 'invalid_request_error' as const, code: error.code, message: error.message },
        };
      }
    },
  });
};
