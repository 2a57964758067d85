import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../users/schema.js';
import { eventBadges, leads } from './schema.js';

export type EventBadgeRow = typeof eventBadges.$inferSelect;

/** The event registration table is the show's, shared by every organization (server-rules.md "Badge scanning"). */
export async function findEventBadge(db: Database, badgeId: string): Promise<EventBadgeRow | undefined> {
  const [row] = await db.select().from(eventBadges).where(eq(eventBadges.badgeId, badgeId)).limit(1);
  return row;
}

export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Saves a scanned badge as a lead of the scanning user's organization. A badge scanned again
 * updates its lead (the newest details, consent answer and scanning user): one lead per badge and
 * organization, kept so by the unique index rather than a check before inserting.
 */
export async function saveLead(db: Database, lead: NewLead): Promise<void> {
  await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: [leads.organizationId, leads.leadKey],
      set: { badge: lead.badge, allowMarketing: lead.allowMarketing, userId: lead.userId, updatedAt: sql`now()` },
    });
}

export type LeadRow = {
  id: number;
  badge: Record<string, string>;
  allowMarketing: boolean;
  scannedAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/** The organization's leads, the latest scanned first, each with the user who scanned it last. */
export async function listLeads(db: Database, organizationId: number): Promise<LeadRow[]> {
  return db
    .select({
      id: leads.id,
      badge: leads.badge,
      allowMarketing: leads.allowMarketing,
      scannedAt: leads.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(leads)
    .leftJoin(users, and(eq(users.id, leads.userId), eq(users.organizationId, leads.organizationId)))
    .where(eq(leads.organizationId, organizationId))
    .orderBy(desc(leads.updatedAt), desc(leads.id));
}
