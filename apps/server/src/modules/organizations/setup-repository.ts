/**
 * The statements of the operator's organization set-up (setup.ts, `npm run portal -- orgs`): the
 * organization's columns, branches, catalogs, card readers (terminals) and sales reps (taken-by
 * names). Private to the organizations module.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { branches, organizationCatalogs, organizations, takenBys, terminals } from './schema.js';

export type OrganizationColumns = Partial<typeof organizations.$inferInsert>;
export type BranchRow = typeof branches.$inferSelect;

export async function insertOrganization(q: Queryable, name: string): Promise<number> {
  const [row] = await q.insert(organizations).values({ name }).returning({ id: organizations.id });
  return row!.id;
}

/** Locks the organization's row for the rest of the transaction; false when there is none. */
export async function lockOrganization(q: Queryable, id: number): Promise<boolean> {
  const [org] = await q.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).for('update');
  return org !== undefined;
}

export async function updateOrganizationColumns(q: Queryable, id: number, columns: OrganizationColumns): Promise<void> {
  await q.update(organizations).set(columns).where(eq(organizations.id, id));
}

export async function upsertBranch(q: Queryable, organizationId: number, branchNumber: number, name: string): Promise<void> {
  await q
    .insert(branches)
    .values({ organizationId, branchNumber, name })
    .onConflictDoUpdate({ target: [branches.organizationId, branches.branchNumber], set: { name } });
}

/** Sets a branch's columns; false when the organization has no such branch. */
export async function updateBranchColumns(
  q: Queryable,
  organizationId: number,
  branchNumber: number,
  columns: Partial<typeof branches.$inferInsert>,
): Promise<boolean> {
  const updated = await q
    .update(branches)
    .set(columns)
    .where(and(eq(branches.organizationId, organizationId), eq(branches.branchNumber, branchNumber)))
    .returning({ id: branches.id });
  return updated.length > 0;
}

export async function replaceOrganizationCatalogs(q: Queryable, organizationId: number, catalogIds: string[]): Promise<void> {
  await q.delete(organizationCatalogs).where(eq(organizationCatalogs.organizationId, organizationId));
  if (catalogIds.length)
    await q.insert(organizationCatalogs).values(catalogIds.map((catalogId, position) => ({ organizationId, catalogId, position })));
}

/** Removes a card reader of the organization; false when it has none with that id. */
export async function deleteTerminal(q: Queryable, organizationId: number, id: string): Promise<boolean> {
  const removed = await q
    .delete(terminals)
    .where(and(eq(terminals.id, id), eq(terminals.organizationId, organizationId)))
    .returning({ id: terminals.id });
  return removed.length > 0;
}

export async function findTerminalOwner(q: Queryable, id: string): Promise<number | undefined> {
  const [owner] = await q.select({ organizationId: terminals.organizationId }).from(terminals).where(eq(terminals.id, id));
  return owner?.organizationId;
}

export async function upsertTerminal(q: Queryable, organizationId: number, id: string, name: string): Promise<void> {
  await q.insert(terminals).values({ id, organizationId, name }).onConflictDoUpdate({ target: terminals.id, set: { name } });
}

/** Removes a sales rep of the organization; false when it has none with that name. */
export async function deleteTakenBy(q: Queryable, organizationId: number, name: string): Promise<boolean> {
  const removed = await q
    .delete(takenBys)
    .where(and(eq(takenBys.organizationId, organizationId), eq(takenBys.name, name)))
    .returning({ id: takenBys.id });
  return removed.length > 0;
}

/** Adds a sales rep unless the organization has one of that name. */
export async function addTakenBy(q: Queryable, organizationId: number, name: string): Promise<void> {
  const [existing] = await q
    .select({ id: takenBys.id })
    .from(takenBys)
    .where(and(eq(takenBys.organizationId, organizationId), eq(takenBys.name, name)));
  if (!existing) await q.insert(takenBys).values({ organizationId, name });
}

/** An organization with everything the set-up shows of it; undefined when there is none. */
export async function findOrganizationSetup(q: Queryable, id: number) {
  const [org] = await q.select().from(organizations).where(eq(organizations.id, id));
  if (!org) return undefined;
  const orgBranches = await q.select().from(branches).where(eq(branches.organizationId, id)).orderBy(asc(branches.branchNumber));
  const orgCatalogs = await q
    .select()
    .from(organizationCatalogs)
    .where(eq(organizationCatalogs.organizationId, id))
    .orderBy(asc(organizationCatalogs.position));
  const readers = await q.select().from(terminals).where(eq(terminals.organizationId, id)).orderBy(asc(terminals.id));
  const reps = await q.select().from(takenBys).where(eq(takenBys.organizationId, id)).orderBy(asc(takenBys.name));
  return { org, branches: orgBranches, catalogs: orgCatalogs, readers, reps };
}

/** Every organization with its branch numbers and catalog ids, by id. */
export async function listOrganizationSummaries(q: Queryable) {
  const rows = await q.execute(sql`
    SELECT o.id, o.name,
           (SELECT string_agg(b.branch_number::text, ',' ORDER BY b.branch_number) FROM branches b WHERE b.organization_id = o.id) AS branches,
           (SELECT string_agg(c.catalog_id, ',' ORDER BY c.position) FROM organization_catalogs c WHERE c.organization_id = o.id) AS catalogs
    FROM organizations o ORDER BY o.id`);
  return rows.rows as { id: number; name: string; branches: string | null; catalogs: string | null }[];
}

/** The organization's name and roles; undefined when there is none. */
export async function findOrganizationNameAndRoles(
  q: Queryable,
  id: number,
): Promise<{ id: number; name: string; roles: string[] } | undefined> {
  const [org] = await q
    .select({ id: organizations.id, name: organizations.name, roles: organizations.roles })
    .from(organizations)
    .where(eq(organizations.id, id));
  return org;
}

/** The organization's branches among these numbers (the ones it has). */
export function findBranchesByNumber(
  q: Queryable,
  organizationId: number,
  branchNumbers: number[],
): Promise<{ id: number; branchNumber: number }[]> {
  if (branchNumbers.length === 0) return Promise.resolve([]);
  return q
    .select({ id: branches.id, branchNumber: branches.branchNumber })
    .from(branches)
    .where(and(eq(branches.organizationId, organizationId), inArray(branches.branchNumber, branchNumbers)));
}
