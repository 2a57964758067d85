/**
 * The outbox worker (server-rules "Email" and "Scale"): sends what enqueueMail stored, retrying with
 * back-off, and sends each message once even when several server processes run a worker against
 * the same PostgreSQL database.
 *
 * How a message is sent once:
 * 1. Claim: one UPDATE statement (its own short transaction) picks due rows with
 *    `FOR UPDATE SKIP LOCKED`, so a concurrent claim skips rows another process is claiming instead
 *    of waiting for them and then taking them too. The claim sets status 'sending', counts the
 *    attempt, and sets next_attempt_at to now + a lease.
 * 2. Send outside any transaction (a slow mail server must not hold row locks or a connection).
 * 3. Mark the row 'sent', or back to 'pending' with a later next_attempt_at, or 'failed' after the
 *    last attempt. The mark only applies while the row is still in the claim we made
 *    (status 'sending' and the attempt number we counted), so a late result never overwrites a
 *    newer claim.
 *
 * The crash window: a process that dies (or hangs longer than the lease) after sending but before
 * marking leaves the row 'sending'. Once the lease expires another worker claims it again and sends
 * it a second time. This is unavoidable without a transactional mail server (the send and the mark
 * cannot be one atomic step), so delivery is at-least-once in that window only; the lease is much
 * longer than the SMTP timeouts (transport.ts), so a slow but live send is never taken over.
 * A row abandoned that way on its last attempt is marked 'failed' rather than sent again.
 */
import { DEFAULT_MAIL_FROM } from '../../config.js';
import { startQueueWorker } from '../../db/queue-worker.js';
import type { Database } from '../../db/client.js';
import { claimDue, failAbandoned, markAttemptFailed, markSent, type ClaimedRow } from './outbox-repository.js';
import type { MailTransport } from './transport.js';

export const MAIL_DEFAULTS = {
  batchSize: 20,
  /** After this many failed attempts a message is 'failed' and no longer retried. */
  maxAttempts: 8,
  /** Back-off after the first failure; it doubles each attempt (30 s, 1 min, 2 min, ... ). */
  retryBaseMs: 30_000,
  /** Back-off never exceeds an hour. */
  retryMaxMs: 3_600_000,
  /** How long a claim is exclusive; must exceed the longest possible send. */
  leaseMs: 300_000,
} as const;

export type DeliverOptions = {
  batchSize?: number;
  from?: string;
  maxAttempts?: number;
  retryBaseMs?: number;
  leaseMs?: number;
};

/** The wait before the next attempt once `attempts` attempts have failed. */
export function retryDelayMs(attempts: number, baseMs: number = MAIL_DEFAULTS.retryBaseMs): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAIL_DEFAULTS.retryMaxMs);
}

async function markFailed(db: Database, row: ClaimedRow, error: unknown, maxAttempts: number, retryBaseMs: number): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error';
  const status = row.attempts >= maxAttempts ? 'failed' : 'pending';
  await markAttemptFailed(db, row, { status, message, retryInMs: retryDelayMs(row.attempts, retryBaseMs) });
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED (so two processes never send the same row), sends,
 * marks sent; failures retry with exponential back-off (next_attempt_at), giving up after
 * N attempts (status 'failed'). Returns how many were sent.
 */
export async function deliverDueMail(db: Database, transport: MailTransport, options: DeliverOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? MAIL_DEFAULTS.batchSize;
  const maxAttempts = options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts;
  const retryBaseMs = options.retryBaseMs ?? MAIL_DEFAULTS.retryBaseMs;
  const from = options.from ?? DEFAULT_MAIL_FROM;

  await failAbandoned(db, maxAttempts);
  const claimed = await claimDue(db, batchSize, maxAttempts, options.leaseMs ?? MAIL_DEFAULTS.leaseMs);

  // The batch is sent in parallel so every send finishes within one send timeout, well inside the lease.
  const outcomes = await Promise.allSettled(
    claimed.map(async (row) => {
      try {
        await transport.send({
          from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body === null ? {} : { html: row.html_body }),
        });
      } catch (error) {
        await markFailed(db, row, error, maxAttempts, retryBaseMs);
        return false;
      }
      await markSent(db, row);
      return true;
    }),
  );
  // A send failure is recorded on its row; only a database failure while marking rejects here.
  const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (rejected) throw rejected.reason;
  return outcomes.filter((o) => o.status === 'fulfilled' && o.value).length;
}

export type MailWorkerOptions = {
  intervalMs: number;
  from: string;
  batchSize?: number;
  /** Called with an error of a round (the database unreachable, ...); the worker keeps running. */
  onError?: (error: unknown) => void;
};

/**
 * Runs deliverDueMail every intervalMs (at once when started, and again without waiting while full
 * batches keep coming). stop() waits for the round in progress, so shutdown never cuts a send short.
 */
export function startMailWorker(db: Database, transport: MailTransport, options: MailWorkerOptions): { stop(): Promise<void> } {
  const batchSize = options.batchSize ?? MAIL_DEFAULTS.batchSize;
  return startQueueWorker(() => deliverDueMail(db, transport, { from: options.from, batchSize }), {
    intervalMs: options.intervalMs,
    batchSize,
    onError: options.onError,
  });
}
