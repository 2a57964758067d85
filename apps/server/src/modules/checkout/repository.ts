/**
 * The checkouts table (spec 3 "Checkout record"). Every read a caller can reach is scoped to the
 * caller's organization, own user and branches; the unscoped reads serve the provider's webhook and
 * the start-up reconciliation, which act for the system, not for a user.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CheckoutCart } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { checkouts } from './schema.js';
import { orders } from '../orders/schema.js';
import { branches, organizations, takenBys, terminals } from '../organizations/schema.js';
import { users } from '../users/schema.js';
import type { Principal } from '../../http/principal.js';

export type CheckoutRow = typeof checkouts.$inferSelect;

/** Details the form adds to a checkout that have no column of their own. */
export type CheckoutDetails = {
  takenById?: string;
  takenBy?: string;
  subscribedMarketing?: boolean;
  /** The amount the payment intent was last set to, so an unchanged total needs no provider call. */
  paymentAmountCents?: number;
  /** The card reader the checkout was sent to (terminal payments). */
  readerId?: string;
  /** The form has been submitted at least once (PUT): the ship-to details are complete. */
  detailsComplete?: boolean;
};

export const cartOf = (row: CheckoutRow) => row.cart as unknown as CheckoutCart;
export const detailsOf = (row: CheckoutRow) => row.details as CheckoutDetails;

/** The caller's own checkouts, in the caller's organization and branches. */
function scopeOf(principal: Principal) {
  return and(
    eq(checkouts.organizationId, principal.organization.id),
    eq(checkouts.userId, principal.user.id),
    inArray(
      checkouts.branchId,
      principal.branches.map((b) => b.id),
    ),
  );
}

export async function insertCheckout(db: Database, values: typeof checkouts.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(checkouts).values(values).onConflictDoNothing({ target: checkouts.confirmationNumber }).returning({
    confirmationNumber: checkouts.confirmationNumber,
  });
  return inserted.length === 1;
}

export async function findOwnCheckout(db: Database, principal: Principal, confirmationNumber: string): Promise<CheckoutRow | undefined> {
  if (principal.branches.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(scopeOf(principal), eq(checkouts.confirmationNumber, confirmationNumber)))
    .limit(1);
  return row;
}

export async function findOwnCheckoutByPaymentIntent(
  db: Database,
  principal: Principal,
  paymentIntentId: string,
): Promise<CheckoutRow | undefined> {
  if (principal.branches.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(scopeOf(principal), eq(checkouts.paymentIntentId, paymentIntentId)))
    .limit(1);
  return row;
}

/**
 * Writes a checkout only if it is still open and its cart and details are still those `read`
 * holds (compare-and-set on content): a concurrent change in between makes this answer false, and
 * the caller starts again from the new state. Content equal means state equal, so no revision
 * column is needed.
 */
export async function updateCheckoutIfUnchanged(
  db: Database,
  read: CheckoutRow,
  values: Pick<Partial<typeof checkouts.$inferInsert>, 'cart' | 'details' | 'onAccount' | 'cashOrder'>,
): Promise<boolean> {
  const updated = await db
    .update(checkouts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(checkouts.confirmationNumber, read.confirmationNumber),
        eq(checkouts.status, 'open'),
        isNull(checkouts.orderId),
        sql`${checkouts.cart} = ${JSON.stringify(read.cart)}::jsonb`,
        sql`${checkouts.details} = ${JSON.stringify(read.details)}::jsonb`,
      ),
    )
    .returning({ confirmationNumber: checkouts.confirmationNumber });
  return updated.length === 1;
}

/** Notes the card reader a checkout was sent to, leaving the rest of its details as they are now. */
export async function setCheckoutReader(db: Database, confirmationNumber: string, readerId: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ details: sql`${checkouts.details} || ${JSON.stringify({ readerId })}::jsonb`, updatedAt: new Date() })
    .where(eq(checkouts.confirmationNumber, confirmationNumber));
}

/** Cancels a checkout that has no order (a completion that won the race keeps its checkout completed). */
export async function markCancelled(db: Database, confirmationNumber: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(checkouts.confirmationNumber, confirmationNumber), isNull(checkouts.orderId)));
}

/** Marks the checkout completed with its order, in the completion's transaction (completion.ts). */
export async function linkCheckoutToOrder(tx: Queryable, confirmationNumber: string, orderId: number): Promise<void> {
  await tx
    .update(checkouts)
    .set({ orderId, status: 'completed', updatedAt: new Date() })
    .where(eq(checkouts.confirmationNumber, confirmationNumber));
}

/** The checkout with the organization and user it belongs to (completion checks their flags). */
export async function findCheckoutWithOwner(db: Database, confirmationNumber: string) {
  const [row] = await db
    .select({ checkout: checkouts, organization: organizations, user: users })
    .from(checkouts)
    .innerJoin(organizations, eq(organizations.id, checkouts.organizationId))
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(eq(checkouts.confirmationNumber, confirmationNumber))
    .limit(1);
  return row;
}

/** The checkout a payment intent belongs to, whoever owns it (the provider's webhook). */
export async function findCheckoutNumberByPaymentIntent(db: Database, paymentIntentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ confirmationNumber: checkouts.confirmationNumber })
    .from(checkouts)
    .where(eq(checkouts.paymentIntentId, paymentIntentId))
    .limit(1);
  return row?.confirmationNumber;
}

/** Open checkouts with a payment intent and no order, changed since `since` (start-up reconciliation). */
export async function findUnfinishedPaymentCheckouts(db: Database, since: Date, limit: number) {
  return db
    .select({ confirmationNumber: checkouts.confirmationNumber, paymentIntentId: checkouts.paymentIntentId })
    .from(checkouts)
    .where(
      and(isNull(checkouts.orderId), isNotNull(checkouts.paymentIntentId), eq(checkouts.status, 'open'), gt(checkouts.updatedAt, since)),
    )
    .orderBy(asc(checkouts.updatedAt))
    .limit(limit);
}

export async function documentNumberOfOrder(db: Database, orderId: number | null): Promise<number | null> {
  if (orderId === null) return null;
  const [row] = await db.select({ documentNumber: orders.documentNumber }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ? Number(row.documentNumber) : null;
}

export async function findTakenBy(db: Database, organizationId: number, takenById: string) {
  const id = Number(takenById);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const [row] = await db
    .select({ id: takenBys.id, name: takenBys.name })
    .from(takenBys)
    .where(and(eq(takenBys.organizationId, organizationId), eq(takenBys.id, id)))
    .limit(1);
  return row;
}

export async function findReader(db: Database, organizationId: number, readerId: string) {
  const [row] = await db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(and(eq(terminals.organizationId, organizationId), eq(terminals.id, readerId)))
    .limit(1);
  return row;
}

/**
 * The branch's billing address: the manufacturer's systems keep it with the branch's account and
 * send it with every order (integration API), so the latest order of the branch carries it. A
 * branch without orders yet is billed to its name.
 */
export async function billToOfBranch(db: Database, organizationId: number, branchId: number): Promise<Record<string, string>> {
  const [latest] = await db
    .select({ billTo: orders.billTo })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.branchId, branchId)))
    .orderBy(desc(orders.enteredAt))
    .limit(1);
  if (latest && Object.keys(latest.billTo).length > 0) return latest.billTo;
  const [branch] = await db
    .select({ name: branches.name, organizationName: organizations.name })
    .from(branches)
    .innerJoin(organizations, eq(organizations.id, branches.organizationId))
    .where(eq(branches.id, branchId))
    .limit(1);
  return branch ? { name: `${branch.organizationName} - ${branch.name}` } : {};
}
