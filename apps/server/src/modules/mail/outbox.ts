/**
 * The durable mail outbox (server-rules "Email"): features enqueue mail in the same transaction as
 * the change that causes it, and the worker (worker.ts) sends it later. Nothing is sent from a
 * request handler, so a slow or failing mail server never fails an order or a password request.
 */
import type { Queryable } from '../../db/client.js';
import { insertOutboxMails } from './outbox-repository.js';

export type OutgoingMail = { dedupeKey: string; to: string; subject: string; text: string; html?: string };

/**
 * Inserts into mail_outbox; a repeated dedupeKey is ignored (ON CONFLICT DO NOTHING), so an event
 * handled twice (a retried integration call, a double click) still mails once.
 * Works inside a transaction: pass the tx as db.
 */
export async function enqueueMail(db: Queryable, mails: OutgoingMail[]): Promise<void> {
  // The same key twice in one call is the same message: keep the first, as the database would.
  const seen = new Set<string>();
  const unique = mails.filter((m) => !seen.has(m.dedupeKey) && seen.add(m.dedupeKey));
  if (unique.length === 0) return;
  await insertOutboxMails(db, unique);
}
