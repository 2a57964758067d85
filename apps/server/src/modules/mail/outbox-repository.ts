/** The mail outbox's statements (table mail_outbox): the enqueue (outbox.ts) and the worker's claims and marks (worker.ts). Private to the mail module. */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';

/**
 * Inserts the mails; a dedupe key already there is skipped (ON CONFLICT DO NOTHING).
 *
 * The rows go as one JSON parameter, not as a parameter per value: an order confirmation goes to
 * every user subscribed to all of the organization's orders, hundreds on the M set, and Drizzle's
 * builder spent 40-100 ms of the server's one thread per order on such an insert (checking each of
 * 14 columns of each row), a stall every request arriving meanwhile waited out. JSON.stringify of
 * the same rows takes about a millisecond.
 */
export async function insertOutboxMails(
  db: Queryable,
  unique: { dedupeKey: string; to: string; subject: string; text: string; html?: string }[],
): Promise<void> {
  const rows = unique.map((m) => ({
    dedupe_key: m.dedupeKey,
    to_address: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html ?? null,
  }));
  await db.execute(sql`
    insert into mail_outbox (dedupe_key, to_address, subject, text_body, html_body)
    select m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body
    from json_to_recordset(${JSON.stringify(rows)}::json) as m(dedupe_key text, to_address text, subject text, text_body text, html_body text)
    on conflict (dedupe_key) do nothing`);
}

export type ClaimedRow = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

export async function claimDue(db: Database, batchSize: number, maxAttempts: number, leaseMs: number): Promise<ClaimedRow[]> {
  const result = await db.execute<ClaimedRow>(sql`
    with due as (
      select id from mail_outbox
      where status in ('pending', 'sending') and next_attempt_at <= now() and attempts < ${maxAttempts}
      order by id
      limit ${batchSize}
      for update skip locked
    )
    update mail_outbox m
    set status = 'sending', attempts = m.attempts + 1, next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
    from due
    where m.id = due.id
    returning m.id, m.to_address, m.subject, m.text_body, m.html_body, m.attempts`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/** Rows whose sender died on their last attempt: there is no attempt left, so they fail. */
export async function failAbandoned(db: Database, maxAttempts: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox
    set status = 'failed', last_error = 'The worker sending this message stopped before it finished.'
    where status = 'sending' and next_attempt_at <= now() and attempts >= ${maxAttempts}`);
}

export async function markSent(db: Database, row: ClaimedRow): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = now(), last_error = null
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}

/** Back to 'pending' with a later next attempt, or 'failed' after the last; only while the row is still in our claim. */
export async function markAttemptFailed(
  db: Database,
  row: ClaimedRow,
  outcome: { status: 'pending' | 'failed'; message: string; retryInMs: number },
): Promise<void> {
  await db.execute(sql`
    update mail_outbox
    set status = ${outcome.status}, last_error = ${outcome.message},
        next_attempt_at = now() + ${outcome.retryInMs}::integer * interval '1 millisecond'
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}
