/**
 * The statements of the webhook deliveries (worker.ts): claiming due deliveries, logging attempts,
 * marking them delivered or failed, counting a subscription's failures and disabling it. Private to
 * the webhooks module.
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';

export type ClaimedRow = {
  id: number;
  attempts: number;
  event_id: string;
  type: string;
  created_at: string;
  data: unknown;
  subscription_id: number;
  url: string;
  secret: string;
};

type Outcome = { statusCode: number | null; durationMs: number; body: string | null; error: string | null };

export async function claimDue(db: Database, batchSize: number, maxAttempts: number, leaseMs: number): Promise<ClaimedRow[]> {
  const result = await db.execute<ClaimedRow>(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_subscriptions s on s.id = d.subscription_id and not s.disabled
      where d.state in ('pending', 'delivering') and d.next_attempt_at <= now() and d.attempts < ${maxAttempts}
      order by d.next_attempt_at, d.id
      limit ${batchSize}
      for update of d skip locked
    )
    update webhook_deliveries d
    set state = 'delivering', attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
    from due, webhook_events e, webhook_subscriptions s
    where d.id = due.id and e.id = d.event_id and s.id = d.subscription_id
    returning d.id, d.attempts, e.id as event_id, e.type,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      e.data, s.id as subscription_id, s.url, s.secret`);
  return result.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    attempts: Number(r.attempts),
    subscription_id: Number(r.subscription_id),
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  }));
}

/** Fails the deliveries whose worker died on their last attempt; answers their subscriptions, one per delivery. */
export async function failAbandonedDeliveries(db: Database, maxAttempts: number): Promise<number[]> {
  const result = await db.execute<{ id: number; subscription_id: number }>(sql`
    update webhook_deliveries
    set state = 'failed', last_error = 'The worker delivering this event stopped before it finished.'
    where state = 'delivering' and next_attempt_at <= now() and attempts >= ${maxAttempts}
    returning id, subscription_id`);
  return result.rows.map((row) => Number(row.subscription_id));
}

/** One more failed event in a row; answers the subscription's count, url and whether it is disabled. */
export async function countSubscriptionFailure(tx: Queryable, subscriptionId: number) {
  const counted = await tx.execute<{ consecutive_failures: number; url: string; disabled: boolean }>(sql`
    update webhook_subscriptions set consecutive_failures = consecutive_failures + 1
    where id = ${subscriptionId}
    returning consecutive_failures, url, disabled`);
  return counted.rows[0];
}

/** Disables the subscription; false when it already was. */
export async function disableSubscription(tx: Queryable, subscriptionId: number, reason: string): Promise<boolean> {
  const disabled = await tx.execute<{ id: number }>(sql`
    update webhook_subscriptions set disabled = true, disabled_at = now(), disabled_reason = ${reason}
    where id = ${subscriptionId} and not disabled
    returning id`);
  return disabled.rows.length > 0;
}

export async function logAttempt(db: Database, row: ClaimedRow, attemptedAt: Date, outcome: Outcome): Promise<void> {
  await db.execute(sql`
    insert into webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, response_body, error)
    values (${row.id}, ${row.attempts}, ${attemptedAt.toISOString()}::timestamptz, ${outcome.statusCode}, ${outcome.durationMs},
            ${outcome.body}, ${outcome.error})`);
}

/** Marks the delivery delivered (while still in our claim) and resets the subscription's failures. */
export async function markDelivered(db: Database, row: ClaimedRow, outcome: Pick<Outcome, 'statusCode'>): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = await tx.execute(sql`
      update webhook_deliveries set state = 'delivered', delivered_at = now(), last_status = ${outcome.statusCode}, last_error = null
      where id = ${row.id} and state = 'delivering' and attempts = ${row.attempts}
      returning id`);
    if (marked.rows.length > 0)
      await tx.execute(sql`update webhook_subscriptions set consecutive_failures = 0 where id = ${row.subscription_id}`);
  });
}

/** Back to 'pending' with a later next attempt, or 'failed' after the last; false when the row left our claim. */
export async function markDeliveryFailed(
  db: Database,
  row: ClaimedRow,
  failure: { last: boolean; statusCode: number | null; error: string | null; delayMs: number },
): Promise<boolean> {
  const marked = await db.execute(sql`
    update webhook_deliveries
    set state = ${failure.last ? 'failed' : 'pending'}, last_status = ${failure.statusCode}, last_error = ${failure.error},
        next_attempt_at = now() + ${failure.delayMs}::integer * interval '1 millisecond'
    where id = ${row.id} and state = 'delivering' and attempts = ${row.attempts}
    returning id`);
  return marked.rows.length > 0;
}
