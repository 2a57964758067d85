/**
 * Webhook subscriptions over the integration API (interface-contract 'Outbound events'): API key,
 * no session, no XSRF token (the /api/integration/ prefix is exempt).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  errorBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSubscriptionSchema,
} from '@portal/domain';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  createSubscription,
  disableSubscription,
  listSubscriptions,
  retryDelivery,
  subscriptionDeliveries,
  type UrlPolicy,
} from './service.js';

const AUTH = 'Authenticate with `Authorization: Bearer <API key>`.';
const common = { tags: ['integration'] };

export const webhookRoutes: FastifyPluginAsyncZod<{ db: Database; policy: UrlPolicy }> = async (app, { db, policy }) => {
  app.post('/api/integration/webhooks', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Subscribe an endpoint to event types; answers its signing secret, once',
      description: `${AUTH} \`{ url, events: ["order.created", ...] }\`. Deliveries are POSTs of \`{ id, type, createdAt, data }\` with the headers Portal-Webhook-Id, Portal-Webhook-Timestamp and Portal-Webhook-Signature (\`v1=\` and the hex HMAC-SHA256 of "{timestamp}.{raw body}" keyed by the secret). The secret is in this answer only. Only http(s) URLs; in production mode no loopback or private network address.`,
      body: createWebhookRequestSchema,
      response: { 200: createWebhookResponseSchema, 400: errorBodySchema },
    },
    handler: (request) => createSubscription(db, request.body, policy),
  });

  app.get('/api/integration/webhooks', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'The webhook subscriptions (without their secrets)',
      description: AUTH,
      response: { 200: webhookListResponseSchema },
    },
    handler: async () => ({ webhooks: await listSubscriptions(db) }),
  });

  app.delete('/api/integration/webhooks/:id', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Disable a webhook subscription: it receives nothing from now on',
      description: `${AUTH} Answers the subscription, disabled; 404 for an unknown id.`,
      params: webhookParamsSchema,
      response: { 200: webhookSubscriptionSchema, 404: errorBodySchema },
    },
    handler: (request) => disableSubscription(db, request.params.id),
  });

  app.get('/api/integration/webhooks/:id/deliveries', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "A subscription's latest deliveries, newest first, each with its attempt log",
      description: `${AUTH} Each attempt: time, the answer's status (null when none came), duration in ms, the answer's first 1 KB, the error. 404 for an unknown id.`,
      params: webhookParamsSchema,
      querystring: webhookDeliveriesQuerySchema,
      response: { 200: webhookDeliveriesResponseSchema, 404: errorBodySchema },
    },
    handler: async (request) => ({ deliveries: await subscriptionDeliveries(db, request.params.id, request.query.limit) }),
  });

  app.post('/api/integration/webhook-deliveries/:id/retry', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Deliver an event again now, with a fresh set of attempts',
      description: `${AUTH} 404 for an unknown delivery; 409 while an attempt is under way or when the subscription is disabled.`,
      params: webhookParamsSchema,
      response: { 200: z.object({ id: z.number().int(), state: z.string() }), 404: errorBodySchema, 409: errorBodySchema },
    },
    handler: (request) => retryDelivery(db, request.params.id),
  });
};
