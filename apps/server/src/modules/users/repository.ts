/** Users of one organization; every query takes the organization (architecture "Habits"). */
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { branches } from '../organizations/schema.js';
import { userBranches, users } from './schema.js';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;
export type OrganizationBranch = { id: number; branchNumber: number; name: string };

export function listOrganizationUsers(db: Queryable, organizationId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.email));
}

export async function findOrganizationUser(db: Queryable, organizationId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1);
  return row;
}

export function organizationBranches(db: Queryable, organizationId: number): Promise<OrganizationBranch[]> {
  return db
    .select({ id: branches.id, branchNumber: branches.branchNumber, name: branches.name })
    .from(branches)
    .where(eq(branches.organizationId, organizationId))
    .orderBy(asc(branches.branchNumber));
}

/** Branch ids assigned to each of the users (own assignments, not inheritance). */
export async function assignedBranchIds(db: Queryable, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userBranches.userId, branchId: userBranches.branchId })
    .from(userBranches)
    .where(inArray(userBranches.userId, userIds));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.branchId]);
  return map;
}

export async function emailInUse(db: Queryable, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return !!row;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Queryable, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateOrganizationUser(
  db: Queryable,
  organizationId: number,
  id: number,
  values: Partial<Omit<UserInsert, 'id' | 'organizationId'>>,
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
}

export async function replaceUserBranches(db: Queryable, userId: number, branchIds: number[]): Promise<void> {
  await db.delete(userBranches).where(eq(userBranches.userId, userId));
  if (branchIds.length > 0) await db.insert(userBranches).values(branchIds.map((branchId) => ({ userId, branchId })));
}

/** Which column holds a user's subscription of each kind of order mail (spec 2 "Profile"). */
export type SubscriptionKind = 'confirmation' | 'shipping' | 'invoice';
const subscriptionColumn = {
  confirmation: users.subConfirmation,
  shipping: users.subShipping,
  invoice: users.subInvoice,
} as const;

/**
 * Active, verified users of the organization whose subscription of this kind covers an order:
 * `company` every order, `owned` the orders they entered (`enteredByUserId`).
 */
export function findSubscribers(db: Queryable, organizationId: number, enteredByUserId: number | null, kind: SubscriptionKind) {
  const column = subscriptionColumn[kind];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, restrictedPricing: users.restrictedPricing })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isActive, true),
        eq(users.isVerified, true),
        or(eq(column, 'company'), enteredByUserId === null ? sql`false` : and(eq(column, 'owned'), eq(users.id, enteredByUserId))),
      ),
    )
    .orderBy(asc(users.id));
}

/** A unique-index violation (two saves of the same email racing), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
