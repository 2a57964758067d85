/**
 * The webhook delivery worker (issue 35; decision 019): the mail outbox's pattern (mail/worker.ts)
 * for the events' durable queue, webhook_deliveries.
 *
 * 1. Claim: one UPDATE statement picks due deliveries of enabled subscriptions with
 *    `FOR UPDATE SKIP LOCKED` (PostgreSQL and PGlite alike), sets them 'delivering', counts the
 *    attempt and sets next_attempt_at to now + a lease: exactly one attempt at a time per delivery,
 *    whichever of several server processes claims it.
 * 2. POST outside any transaction, with a 10 s limit: a 2xx is a delivery; any other status, a
 *    timeout or a refused connection is a failed attempt. Each attempt is logged (time, status,
 *    duration, the answer's first 1 KB, the error).
 * 3. Mark, only while the row is still in our claim (state 'delivering' and our attempt number):
 *    delivered (the subscription's failures in a row go back to 0); else pending again after
 *    webhookRetryDelayMs; or failed after the last attempt, which counts one more failed event of
 *    the subscription; at WEBHOOK_DEFAULTS.disableAfterFailedEvents in a row it is disabled and the
 *    operator is mailed (through the mail outbox, in the same transaction).
 *
 * A process that dies mid-attempt leaves the row 'delivering'; after the lease another worker
 * claims it again, so a receiver may see an event twice (the contract says so: the event id tells).
 */
import http from 'node:http';
import https from 'node:https';
import { startQueueWorker } from '../../db/queue-worker.js';
import type { Database } from '../../db/client.js';
import { enqueueMail } from '../mail/index.js';
import {
  claimDue,
  countSubscriptionFailure,
  disableSubscription,
  failAbandonedDeliveries,
  logAttempt,
  markDelivered,
  markDeliveryFailed,
  type ClaimedRow,
} from './delivery-repository.js';
import { signWebhook, WEBHOOK_DEFAULTS, webhookRetryDelayMs } from './signing.js';
import { safeLookup, type UrlPolicy } from './url-safety.js';

export type WebhookDeliverOptions = {
  /** WEBHOOK_RETRY_BASE_MS. */
  retryBaseMs: number;
  policy: UrlPolicy;
  /** Who is mailed when a subscription is disabled (OPERATOR_EMAIL). */
  operatorEmail: string;
  maxAttempts?: number;
  disableAfterFailedEvents?: number;
  timeoutMs?: number;
  leaseMs?: number;
  batchSize?: number;
};

export type AttemptOutcome = { ok: boolean; statusCode: number | null; durationMs: number; body: string | null; error: string | null };

/** One POST of a signed body; never throws (a failure is an outcome). */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; policy: UrlPolicy },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (partial: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ ok: false, statusCode: null, body: null, error: 'The URL is not valid.' });
  }
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const timeoutError = `No answer within ${options.timeoutMs} ms.`;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = target.protocol === 'https:' ? https : http;
    let request: http.ClientRequest;
    try {
      request = client.request(
        target,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'DealerPortal-Webhooks/1',
          },
          lookup: safeLookup(options.policy),
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < WEBHOOK_DEFAULTS.logBodyBytes) chunks.push(chunk);
            size += chunk.length;
            // Nothing past the first KB is kept; a receiver streaming megabytes is cut off.
            if (size > 64 * 1024) response.destroy();
          });
          const end = () => {
            const statusCode = response.statusCode ?? null;
            const text = Buffer.concat(chunks).subarray(0, WEBHOOK_DEFAULTS.logBodyBytes).toString('utf8');
            // A 2xx whose answer did not end within the time limit is no delivery either.
            const ok = !timedOut && statusCode !== null && statusCode >= 200 && statusCode < 300;
            const error = ok ? null : timedOut ? timeoutError : `The receiver answered ${statusCode}.`;
            finish(done({ ok, statusCode, body: text, error }));
          };
          response.on('end', end);
          response.on('close', end);
          response.on('error', end);
        },
      );
    } catch (error) {
      // A request node:http refuses to make at all (a header it rejects): a failed attempt, no timer yet.
      settled = true;
      resolve(done({ ok: false, statusCode: null, body: null, error: (error as Error).message.slice(0, 1000) }));
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error(timeoutError));
    }, options.timeoutMs);
    request.on('error', (error) => finish(done({ ok: false, statusCode: null, body: null, error: error.message.slice(0, 1000) })));
    request.end(body);
  });
}

/** Deliveries whose worker died on their last attempt: no attempt is left, so they fail (and count). */
async function failAbandoned(db: Database, options: Required<WebhookDeliverOptions>): Promise<void> {
  for (const subscriptionId of await failAbandonedDeliveries(db, options.maxAttempts)) await countFailedEvent(db, subscriptionId, options);
}

/** One more failed event in a row for the subscription; disables it (and mails the operator) at the limit. */
async function countFailedEvent(db: Database, subscriptionId: number, options: Required<WebhookDeliverOptions>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await countSubscriptionFailure(tx, subscriptionId);
    if (!row || row.disabled || Number(row.consecutive_failures) < options.disableAfterFailedEvents) return;
    const reason = `Disabled after ${row.consecutive_failures} events in a row could not be delivered.`;
    if (!(await disableSubscription(tx, subscriptionId, reason))) return;
    await enqueueMail(tx, [
      {
        dedupeKey: `webhook-disabled:${subscriptionId}`,
        to: options.operatorEmail,
        subject: `Webhook ${subscriptionId} disabled`,
        text: [
          `The dealer portal disabled webhook ${subscriptionId} (${row.url}).`,
          reason,
          `See its delivery log: npm run portal -- webhooks deliveries ${subscriptionId}`,
          'or GET /api/integration/webhooks/' + subscriptionId + '/deliveries. Create a new subscription once the endpoint works again.',
        ].join('\n'),
      },
    ]);
  });
}

async function markFailed(db: Database, row: ClaimedRow, outcome: AttemptOutcome, options: Required<WebhookDeliverOptions>): Promise<void> {
  const last = row.attempts >= options.maxAttempts;
  const delayMs = webhookRetryDelayMs(row.attempts, options.retryBaseMs);
  const marked = await markDeliveryFailed(db, row, { last, statusCode: outcome.statusCode, error: outcome.error, delayMs });
  if (last && marked) await countFailedEvent(db, row.subscription_id, options);
}

function withDefaults(options: WebhookDeliverOptions): Required<WebhookDeliverOptions> {
  return {
    maxAttempts: WEBHOOK_DEFAULTS.maxAttempts,
    disableAfterFailedEvents: WEBHOOK_DEFAULTS.disableAfterFailedEvents,
    timeoutMs: WEBHOOK_DEFAULTS.timeoutMs,
    leaseMs: WEBHOOK_DEFAULTS.leaseMs,
    batchSize: WEBHOOK_DEFAULTS.batchSize,
    ...options,
  };
}

/** The exact bytes POSTed for an event: `{ id, type, createdAt, data }`. */
export function webhookBody(event: { id: string; type: string; createdAt: string; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });
}

/** One round: claims due deliveries, attempts each once (in parallel), logs and marks them. Answers how many were claimed. */
export async function deliverDueWebhooks(db: Database, deliverOptions: WebhookDeliverOptions): Promise<number> {
  const options = withDefaults(deliverOptions);
  await failAbandoned(db, options);
  const claimed = await claimDue(db, options.batchSize, options.maxAttempts, options.leaseMs);
  const outcomes = await Promise.allSettled(
    claimed.map(async (row) => {
      const body = webhookBody({ id: row.event_id, type: row.type, createdAt: row.created_at, data: row.data });
      const timestamp = Math.floor(Date.now() / 1000);
      const attemptedAt = new Date();
      const outcome = await postWebhook(
        row.url,
        {
          'Portal-Webhook-Id': row.event_id,
          'Portal-Webhook-Timestamp': String(timestamp),
          'Portal-Webhook-Signature': signWebhook(row.secret, timestamp, body),
        },
        body,
        { timeoutMs: options.timeoutMs, policy: options.policy },
      );
      await logAttempt(db, row, attemptedAt, outcome);
      if (outcome.ok) await markDelivered(db, row, outcome);
      else await markFailed(db, row, outcome, options);
    }),
  );
  const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (rejected) throw rejected.reason;
  return claimed.length;
}

export type WebhookWorkerOptions = WebhookDeliverOptions & {
  intervalMs: number;
  onError?: (error: unknown) => void;
};

/**
 * Runs deliverDueWebhooks every intervalMs (at once when started, and again without waiting while
 * full batches keep coming). stop() waits for the round in progress.
 */
export function startWebhookWorker(db: Database, options: WebhookWorkerOptions): { stop(): Promise<void> } {
  const batchSize = options.batchSize ?? WEBHOOK_DEFAULTS.batchSize;
  return startQueueWorker(() => deliverDueWebhooks(db, options), { intervalMs: options.intervalMs, batchSize, onError: options.onError });
}
