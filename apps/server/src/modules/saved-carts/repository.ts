/**
 * Saved carts of one organization and branch; every query takes both (architecture "Habits"), so
 * a saved cart of another organization or branch is never read, changed or deleted.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { savedCartLines, savedCarts } from './schema.js';
import { users } from '../users/schema.js';
import type { Queryable } from '../../db/client.js';

export type SavedCartScope = { organizationId: number; branchId: number };

export type SavedCartRecord = {
  id: number;
  name: string;
  catalogId: string;
  ownerUserId: number;
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
  lineCount: number;
  unitCount: number;
};

const recordColumns = {
  id: savedCarts.id,
  name: savedCarts.name,
  catalogId: savedCarts.catalogId,
  ownerUserId: savedCarts.ownerUserId,
  ownerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  createdAt: savedCarts.createdAt,
  updatedAt: savedCarts.updatedAt,
  lineCount: sql<number>`(SELECT count(*)::int FROM ${savedCartLines} l WHERE l.saved_cart_id = ${savedCarts.id})`,
  unitCount: sql<number>`(SELECT coalesce(sum(l.quantity), 0)::int FROM ${savedCartLines} l WHERE l.saved_cart_id = ${savedCarts.id})`,
};

function inScope(scope: SavedCartScope) {
  return and(eq(savedCarts.organizationId, scope.organizationId), eq(savedCarts.branchId, scope.branchId));
}

/** The branch's saved carts, most recently changed first. */
export function listSavedCarts(db: Queryable, scope: SavedCartScope): Promise<SavedCartRecord[]> {
  return db
    .select(recordColumns)
    .from(savedCarts)
    .innerJoin(users, eq(users.id, savedCarts.ownerUserId))
    .where(inScope(scope))
    .orderBy(desc(savedCarts.updatedAt), desc(savedCarts.id));
}

export async function findSavedCart(db: Queryable, scope: SavedCartScope, id: number): Promise<SavedCartRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(savedCarts)
    .innerJoin(users, eq(users.id, savedCarts.ownerUserId))
    .where(and(inScope(scope), eq(savedCarts.id, id)))
    .limit(1);
  return row;
}

/** The lines of a saved cart of the scope (none for another organization's or branch's id). */
export function findSavedCartLines(
  db: Queryable,
  scope: SavedCartScope,
  savedCartId: number,
): Promise<{ sku: string; quantity: number }[]> {
  return db
    .select({ sku: savedCartLines.sku, quantity: savedCartLines.quantity })
    .from(savedCartLines)
    .innerJoin(savedCarts, eq(savedCarts.id, savedCartLines.savedCartId))
    .where(and(inScope(scope), eq(savedCartLines.savedCartId, savedCartId)))
    .orderBy(asc(savedCartLines.position));
}

export async function insertSavedCart(
  db: Queryable,
  scope: SavedCartScope,
  values: { ownerUserId: number; name: string; catalogId: string; lines: { sku: string; quantity: number }[] },
): Promise<number> {
  const [row] = await db
    .insert(savedCarts)
    .values({ ...scope, ownerUserId: values.ownerUserId, name: values.name, catalogId: values.catalogId })
    .returning({ id: savedCarts.id });
  const id = row!.id;
  await db.insert(savedCartLines).values(values.lines.map((line, position) => ({ savedCartId: id, position, ...line })));
  return id;
}

export async function renameSavedCart(db: Queryable, scope: SavedCartScope, id: number, name: string): Promise<void> {
  await db
    .update(savedCarts)
    .set({ name, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(savedCarts.id, id)));
}

/** Its lines go with it (ON DELETE CASCADE). */
export async function deleteSavedCart(db: Queryable, scope: SavedCartScope, id: number): Promise<void> {
  await db.delete(savedCarts).where(and(inScope(scope), eq(savedCarts.id, id)));
}
