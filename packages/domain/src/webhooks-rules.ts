/** The zod-free rules of webhooks.ts (its API schemas stay there); exported through src/rules.ts. */

/** Every event type the portal sends or will send; the contract names them. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.shipped',
  'invoice.paid',
  'warranty_claim.submitted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The headers of a delivery (contract): the event id, the Unix time signed, and `v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_HEADERS = {
  id: 'Portal-Webhook-Id',
  timestamp: 'Portal-Webhook-Timestamp',
  signature: 'Portal-Webhook-Signature',
} as const;

/** The header of a keyed POST or PUT (1 to 255 characters). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
