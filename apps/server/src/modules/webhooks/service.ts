/**
 * Outbound events (issue 35, interface-contract 'Outbound events'; decision 019).
 *
 * - A change that causes an event calls `emitEvent` inside its own transaction: the event and one
 *   delivery per enabled subscription of its type are written with the change or not at all (no
 *   event for a rolled-back order, no order without its event). With no subscriber for the type
 *   nothing is written (and the event's data is not even built), so the feature costs a change one
 *   indexed read while nobody listens.
 * - The worker (worker.ts) delivers from that durable queue.
 * - Subscriptions are made, listed and disabled through the integration API and the portal CLI;
 *   each has its own signing secret, answered once, at creation, and never again nor logged.
 */
import { randomUUID } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { CreateWebhookResponse, WebhookDelivery, WebhookSubscription } from '@portal/domain';
import type { WebhookEventType } from '@portal/domain/rules';
import type { Database, Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  insertEventWithDeliveries,
  insertSubscription,
  markDeliveryForRetry,
  markSubscriptionDisabled,
  selectAttempts,
  selectDeliveries,
  selectDeliverySubscription,
  selectSubscriberIds,
  selectSubscription,
  selectSubscriptions,
  type SubscriptionRow,
} from './repository.js';
import { newWebhookSecret } from './signing.js';
import { isInternalAddress, urlProblem, type UrlPolicy } from './url-safety.js';

export { isInternalAddress, urlProblem, type UrlPolicy } from './url-safety.js';
export { signWebhook, verifyWebhookSignature, webhookRetryDelayMs, WEBHOOK_DEFAULTS } from './signing.js';

/**
 * Writes an event of `type` for every enabled subscription that wants it, in the caller's
 * transaction. `data` may be a function, called only when someone subscribes. Answers the event id,
 * or undefined when nobody subscribes.
 */
export async function emitEvent(
  tx: Queryable,
  type: WebhookEventType,
  data: unknown | (() => Promise<unknown>),
): Promise<string | undefined> {
  const subscribers = await selectSubscriberIds(tx, type);
  if (subscribers.length === 0) return undefined;
  const payload = typeof data === 'function' ? await (data as () => Promise<unknown>)() : data;
  const id = randomUUID();
  await insertEventWithDeliveries(
    tx,
    { id, type, data: payload },
    subscribers.map((s) => s.id),
  );
  return id;
}

export function subscriptionView(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: row.eventTypes,
    disabled: row.disabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The URL's problem for a subscription, its name resolved too when internal addresses are refused. */
export async function checkWebhookUrl(url: string, policy: UrlPolicy): Promise<string | undefined> {
  const problem = urlProblem(url, policy);
  if (problem || policy.allowInternal) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return undefined;
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    return `The host name ${host} does not resolve.`;
  }
  const internal = addresses.find((a) => isInternalAddress(a.address));
  return internal ? `${host} resolves to ${internal.address}, a loopback or private network address.` : undefined;
}

export async function createSubscription(
  db: Database,
  input: { url: string; events: string[] },
  policy: UrlPolicy,
): Promise<CreateWebhookResponse> {
  const problem = await checkWebhookUrl(input.url, policy);
  if (problem) throw badRequest('url', problem);
  const secret = newWebhookSecret();
  const row = await insertSubscription(db, { url: input.url, eventTypes: [...new Set(input.events)], secret });
  return { ...subscriptionView(row), secret };
}

export async function listSubscriptions(db: Database): Promise<WebhookSubscription[]> {
  return (await selectSubscriptions(db)).map(subscriptionView);
}

/** Disables a subscription by hand: it receives nothing from now on. 404 for an unknown one. */
export async function disableSubscription(
  db: Database,
  id: number,
  reason = 'Disabled by the manufacturer.',
): Promise<WebhookSubscription> {
  await markSubscriptionDisabled(db, id, reason);
  const row = await selectSubscription(db, id);
  if (!row) throw notFound(`Webhook ${id} does not exist.`);
  return subscriptionView(row);
}

/** The subscription's latest deliveries, newest first, each with its attempt log. 404 for an unknown subscription. */
export async function subscriptionDeliveries(db: Database, subscriptionId: number, limit = 50): Promise<WebhookDelivery[]> {
  if (!(await selectSubscription(db, subscriptionId))) throw notFound(`Webhook ${subscriptionId} does not exist.`);
  const rows = await selectDeliveries(db, subscriptionId, limit);
  const attempts = await selectAttempts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    subscriptionId: r.subscriptionId,
    eventId: r.eventId,
    eventType: r.eventType,
    eventCreatedAt: r.eventCreatedAt.toISOString(),
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        responseBody: a.responseBody,
        error: a.error,
      })),
  }));
}

/** Manual retry: the delivery is due now, with a fresh set of attempts. 404 unknown, 409 disabled or under way. */
export async function retryDelivery(db: Database, deliveryId: number): Promise<{ id: number; state: string }> {
  const subscription = await selectDeliverySubscription(db, deliveryId);
  if (!subscription) throw notFound(`Webhook delivery ${deliveryId} does not exist.`);
  if (subscription.disabled) throw conflict(`Webhook ${subscription.id} is disabled; it receives nothing.`);
  const outcome = await markDeliveryForRetry(db, deliveryId);
  if (outcome === 'missing') throw notFound(`Webhook delivery ${deliveryId} does not exist.`);
  if (outcome === 'busy') throw conflict(`Webhook delivery ${deliveryId} is being attempted now; try again in a moment.`);
  return { id: deliveryId, state: 'pending' };
}
