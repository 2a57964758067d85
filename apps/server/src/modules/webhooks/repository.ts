/**
 * The webhooks module's SQL: subscriptions, events and their deliveries, the attempt log. The
 * delivery queue's claims and marks are in worker.ts (raw SQL, like the mail outbox's).
 * Private to the module: the app and other modules call service.ts.
 */
import { and, arrayContains, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhookSubscriptions } from './schema.js';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

export async function insertSubscription(
  db: Queryable,
  values: { url: string; eventTypes: string[]; secret: string },
): Promise<SubscriptionRow> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  return row!;
}

export function selectSubscriptions(db: Queryable): Promise<SubscriptionRow[]> {
  return db.select().from(webhookSubscriptions).orderBy(asc(webhookSubscriptions.id));
}

export async function selectSubscription(db: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).limit(1);
  return row;
}

/** Disables a live subscription; answers whether it was live. */
export async function markSubscriptionDisabled(db: Queryable, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookSubscriptions)
    .set({ disabled: true, disabledAt: new Date(), disabledReason: reason })
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.disabled, false)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/** The enabled subscriptions that want this event type. */
export function selectSubscriberIds(db: Queryable, type: string): Promise<{ id: number }[]> {
  return db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.disabled, false), arrayContains(webhookSubscriptions.eventTypes, [type])));
}

/** The event and one pending delivery per subscriber, in the caller's transaction. */
export async function insertEventWithDeliveries(
  db: Queryable,
  event: { id: string; type: string; data: unknown },
  subscriptionIds: number[],
): Promise<void> {
  await db.insert(webhookEvents).values({ id: event.id, type: event.type, data: event.data });
  if (subscriptionIds.length > 0)
    await db.insert(webhookDeliveries).values(subscriptionIds.map((subscriptionId) => ({ eventId: event.id, subscriptionId })));
}

export function selectDeliveries(db: Queryable, subscriptionId: number, limit: number) {
  return db
    .select({
      id: webhookDeliveries.id,
      subscriptionId: webhookDeliveries.subscriptionId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      eventCreatedAt: webhookEvents.createdAt,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      lastStatus: webhookDeliveries.lastStatus,
      lastError: webhookDeliveries.lastError,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export function selectAttempts(db: Queryable, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.id));
}

/**
 * A delivery due again now with a fresh set of attempts (manual retry), unless an attempt is under
 * way. Answers 'retried', 'busy' (being delivered) or 'missing'.
 */
export async function markDeliveryForRetry(db: Queryable, id: number): Promise<'retried' | 'busy' | 'missing'> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.state} <> 'delivering'`))
    .returning({ id: webhookDeliveries.id });
  if (rows.length > 0) return 'retried';
  const [existing] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return existing ? 'busy' : 'missing';
}

export async function selectDeliverySubscription(db: Queryable, deliveryId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row?.subscription;
}
