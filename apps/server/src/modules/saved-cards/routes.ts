/**
 * Saved cards (issue 36, role storedPayments): list, save ('Save this card') and remove ('Remove'),
 * and in simulated mode the card form's payment method (as Stripe.js's createPaymentMethod).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  saveCardRequestSchema,
  savedCardParamsSchema,
  savedCardSchema,
  savedCardsResponseSchema,
  simulatedPaymentMethodRequestSchema,
  simulatedPaymentMethodResultSchema,
} from '@portal/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPaymentGateway } from '../../payments/create-gateway.js';
import { principalOf } from '../auth/index.js';
import { listSavedCards, removeCard, saveCard, type SavedCardDeps } from './service.js';

const ACCESS = { access: { roles: ['storedPayments' as const] } };
const TAGS = ['saved cards'];

export const savedCardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const configured = createPaymentGateway(config, db);
  const deps: SavedCardDeps = { db, gateway: configured.gateway };

  app.get('/api/saved-cards', {
    config: ACCESS,
    schema: {
      tags: TAGS,
      summary: "The caller's own saved cards: brand, last four digits and expiry",
      response: { 200: savedCardsResponseSchema },
    },
    handler: (request) => listSavedCards(db, principalOf(request)),
  });

  app.post('/api/saved-cards', {
    config: ACCESS,
    schema: {
      tags: TAGS,
      summary:
        'Saves a card the page made with the payment provider (Stripe.js, or the simulated card form) for the caller; a declined card answers 422',
      body: saveCardRequestSchema,
      response: { 200: savedCardSchema },
    },
    handler: (request) => saveCard(deps, principalOf(request), request.body.paymentMethodId),
  });

  app.delete('/api/saved-cards/:id', {
    config: ACCESS,
    schema: {
      tags: TAGS,
      summary: "Removes one of the caller's saved cards (also at the provider); another user's card answers 404",
      params: savedCardParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await removeCard(deps, principalOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  if (configured.kind !== 'simulated') return;
  const simulated = configured.gateway;
  app.post('/api/simulated-gateway/payment-methods', {
    config: ACCESS,
    schema: {
      tags: ['simulated gateway'],
      summary: "The card form's payment method for 'Save this card' with the simulated provider's test cards (simulated mode only)",
      body: simulatedPaymentMethodRequestSchema,
      response: { 200: simulatedPaymentMethodResultSchema },
    },
    handler: async (request) => {
      const result = await simulated.createPaymentMethod(request.body);
      if (!result.error) return { paymentMethodId: result.paymentMethodId, error: null };
      const { type, code, declineCode, message, field } = result.error;
      return { paymentMethodId: null, error: { type, code, declineCode, message, field } };
    },
  });
};
