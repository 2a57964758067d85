/** Reads the development mailbox (table dev_mailbox), which the dev transport (transport.ts) fills. */
import { desc, sql } from 'drizzle-orm';
import type { DevMailboxMessage } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { devMailbox } from './schema.js';

/** Newest first; `to` matches the recipient whatever its letter case. */
export async function listDevMailbox(db: Database, options: { to?: string; limit: number }): Promise<DevMailboxMessage[]> {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(options.to ? sql`lower(${devMailbox.toAddress}) = lower(${options.to})` : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(options.limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    from: r.fromAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Keeps one message the dev transport (transport.ts) would have sent. */
export async function insertDevMailboxMessage(
  db: Database,
  mail: { from: string; to: string; subject: string; text: string; html?: string },
): Promise<void> {
  await db.insert(devMailbox).values({
    toAddress: mail.to,
    fromAddress: mail.from,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
  });
}
