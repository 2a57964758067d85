/**
 * Outbound events (webhooks) of the integration API (interface-contract "Beyond the spec":
 * 'Outbound events'; issue 35): subscriptions, their deliveries and the delivery log.
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhooks-rules.js';

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `The event type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
});

export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'The URL must be an http(s) address.' })
  .max(2000, { error: 'The URL is longer than 2000 characters.' });

/** `POST /api/integration/webhooks`. */
export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventTypeSchema)
    .min(1, { error: 'Name at least one event type.' })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** The creation's answer: the only time the secret is shown. */
export const createWebhookResponseSchema = webhookSubscriptionSchema.extend({ secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookSubscriptionSchema) });

export const webhookParamsSchema = z.object({
  id: z.coerce.number({ error: 'The id must be a positive whole number.' }).int().positive().max(2_147_483_647),
});

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  eventCreatedAt: z.string(),
  /** pending, delivering, delivered or failed. */
  state: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
