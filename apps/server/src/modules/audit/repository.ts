/** Audit entries of one organization; every query takes the organization (architecture "Habits"). */
import { and, count, desc, eq } from 'drizzle-orm';
import { auditEntries } from './schema.js';
import type { Queryable } from '../../db/client.js';

export type AuditRow = typeof auditEntries.$inferSelect;
export type AuditInsert = typeof auditEntries.$inferInsert;

export async function insertAuditEntry(db: Queryable, entry: AuditInsert): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

export type AuditFilter = { organizationId: number; userId?: number; kind?: string };

function whereOf(filter: AuditFilter) {
  return and(
    eq(auditEntries.organizationId, filter.organizationId),
    filter.userId === undefined ? undefined : eq(auditEntries.userId, filter.userId),
    filter.kind === undefined ? undefined : eq(auditEntries.kind, filter.kind),
  );
}

/** One page, newest first (the id breaks ties within one transaction's timestamp). */
export function listAuditEntries(db: Queryable, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEntries)
    .where(whereOf(filter))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(db: Queryable, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEntries).where(whereOf(filter));
  return row?.n ?? 0;
}
