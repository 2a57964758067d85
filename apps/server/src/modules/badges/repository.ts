import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { eventBadges } from '../../db/schema.js';

export type EventBadgeRow = typeof eventBadges.$inferSelect;

/** The event registration table is the show's, shared by every organization (server-rules.md "Badge scanning"). */
export async function findEventBadge(db: Database, badgeId: string): Promise<EventBadgeRow | undefined> {
  const [row] = await db.select().from(eventBadges).where(eq(eventBadges.badgeId, badgeId)).limit(1);
  return row;
}
