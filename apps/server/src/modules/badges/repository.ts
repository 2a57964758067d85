import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { eventBadges, leads } from '../../db/schema.js';

export type EventBadgeRow = typeof eventBadges.$inferSelect;

/** The event registration table is the show's, shared by every organization (server-rules.md "Badge scanning"). */
export async function findEventBadge(db: Database, badgeId: string): Promise<EventBadgeRow | undefined> {
  const [row] = await db.select().from(eventBadges).where(eq(eventBadges.badgeId, badgeId)).limit(1);
  return row;
}

export type NewLead = typeof leads.$inferInsert;

/** A scanned badge, kept as a lead of the scanning user's organization with the consent answer. */
export async function insertLead(db: Database, lead: NewLead): Promise<void> {
  await db.insert(leads).values(lead);
}
