/**
 * The saved cards' rows (issue 36): every query of a card is by its owner, the user and the
 * organization together, so nobody, an administrator included, reads another user's cards.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import type { CardSummary } from '../../payments/gateway.js';
import { paymentCustomers, savedCards } from './schema.js';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type CardOwner = { userId: number; organizationId: number };

const ownedBy = (owner: CardOwner) => and(eq(savedCards.userId, owner.userId), eq(savedCards.organizationId, owner.organizationId));

export function listCardsOf(db: Queryable, owner: CardOwner): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(ownedBy(owner)).orderBy(savedCards.id);
}

export async function findOwnCard(db: Queryable, owner: CardOwner, id: number): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), ownedBy(owner)));
  return row;
}

/** The user's card with that provider payment method (saved once, even when saved twice). */
export async function findCardByPaymentMethod(db: Queryable, userId: number, paymentMethodId: string): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.paymentMethodId, paymentMethodId), eq(savedCards.userId, userId)));
  return row;
}

/** Keeps the card; a payment method already saved stays as it is. */
export async function insertCard(db: Queryable, owner: CardOwner, providerCustomerId: string, card: CardSummary): Promise<void> {
  await db
    .insert(savedCards)
    .values({ ...owner, providerCustomerId, ...card })
    .onConflictDoNothing();
}

export async function deleteOwnCard(db: Queryable, owner: CardOwner, id: number): Promise<void> {
  await db.delete(savedCards).where(and(eq(savedCards.id, id), ownedBy(owner)));
}

export async function findProviderCustomer(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)).limit(1);
  return row?.providerCustomerId;
}

/** The first customer recorded for the user wins when two saves race; the caller reads it back. */
export async function insertProviderCustomer(db: Queryable, userId: number, providerCustomerId: string): Promise<void> {
  await db.insert(paymentCustomers).values({ userId, providerCustomerId }).onConflictDoNothing();
}
