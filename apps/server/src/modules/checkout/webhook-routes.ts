/**
 * `POST /api/webhooks/stripe` (stripe mode): Stripe's signed events. `payment_intent.succeeded`
 * completes the matching checkout (one of the three completers; completion.ts makes it exactly
 * once). Exempt from the XSRF check (app.ts) and public: the signature is the authentication.
 * The JSON body is kept raw in this plugin only, because the signature covers the exact bytes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { GatewayError } from '../../payments/gateway.js';
import type { StripeGateway } from '../../payments/stripe-gateway.js';
import { recordInvoicePaymentOfIntent } from '../account/index.js';
import { completeCheckout } from './completion.js';
import { findCheckoutNumberByPaymentIntent } from './repository.js';
import type { CheckoutDeps } from './service.js';

export const webhookAnswerSchema = z.object({ received: z.literal(true), completed: z.boolean() });

export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps; gateway: StripeGateway }> = async (
  app,
  { deps, gateway },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/webhooks/stripe', {
    config: { access: 'public' },
    schema: {
      tags: ['checkout'],
      summary: 'Stripe webhook (signature verified): payment_intent.succeeded completes the matching checkout',
      security: [],
      response: { 200: webhookAnswerSchema },
    },
    handler: async (request) => {
      let event;
      try {
        event = await gateway.verifyWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
      } catch (error) {
        if (error instanceof GatewayError) throw badRequest('', 'The webhook signature is not valid.');
        throw error;
      }
      if (event.type !== 'payment_intent.succeeded' || !event.paymentIntentId) return { received: true as const, completed: false };
      const confirmationNumber = await findCheckoutNumberByPaymentIntent(deps.db, event.paymentIntentId);
      // An intent of an invoice payment (issue 36) is recorded by the account module; an intent of
      // nothing of ours (another application on the same account) is acknowledged.
      if (!confirmationNumber)
        return { received: true as const, completed: await recordInvoicePaymentOfIntent(deps, event.paymentIntentId) };
      // A failure here answers 500, so Stripe retries the event later.
      await completeCheckout(deps, confirmationNumber, { kind: 'system' });
      return { received: true as const, completed: true };
    },
  });
};
