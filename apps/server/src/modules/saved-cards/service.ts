/**
 * Saved cards (issue 36, role storedPayments; interface-contract "Saved cards"; decision 020):
 * a user's cards kept by the payment provider, for the user only. Every query is by the caller's
 * own user and organization, so nobody, an administrator included, sees or uses another user's
 * cards (another user's card answers 404). The portal keeps the provider's ids, the brand, the last
 * four digits and the expiry, never a card number.
 */
import { and, eq } from 'drizzle-orm';
import type { SavedCard } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http/errors.js';
import { GatewayError, type PaymentGateway } from '../../payments/gateway.js';
import type { Principal } from '../auth/index.js';
import { paymentCustomers, savedCards } from './schema.js';

export type SavedCardDeps = { db: Database; gateway: PaymentGateway };

const NOT_FOUND = 'The saved card was not found.';

const viewOf = (row: typeof savedCards.$inferSelect): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
});

const ownCard = (principal: Principal, id: number) =>
  and(eq(savedCards.id, id), eq(savedCards.userId, principal.user.id), eq(savedCards.organizationId, principal.organization.id));

export async function listSavedCards(db: Database, principal: Principal): Promise<{ cards: SavedCard[] }> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, principal.user.id), eq(savedCards.organizationId, principal.organization.id)))
    .orderBy(savedCards.id);
  return { cards: rows.map(viewOf) };
}

/** The user's provider customer, made at the first card saved (one per user, even when two saves race). */
async function customerOf(deps: SavedCardDeps, principal: Principal): Promise<string> {
  const find = async () =>
    (await deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, principal.user.id)).limit(1))[0]?.providerCustomerId;
  const existing = await find();
  if (existing) return existing;
  const created = await deps.gateway.createCustomer({
    email: principal.user.email,
    description: `Dealer portal user ${principal.user.id} (${principal.organization.name})`,
  });
  await deps.db.insert(paymentCustomers).values({ userId: principal.user.id, providerCustomerId: created }).onConflictDoNothing();
  return (await find())!;
}

/** `POST /api/saved-cards`: the page's payment method kept by the provider for the user ('Save this card'). */
export async function saveCard(deps: SavedCardDeps, principal: Principal, paymentMethodId: string): Promise<SavedCard> {
  const customerId = await customerOf(deps, principal);
  let card;
  try {
    card = await deps.gateway.attachPaymentMethod(paymentMethodId, customerId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === 'resource_missing') throw notFound('The card was not found.');
    throw new HttpError(422, [{ field: 'paymentMethodId', message: error.message }]);
  }
  await deps.db
    .insert(savedCards)
    .values({ userId: principal.user.id, organizationId: principal.organization.id, providerCustomerId: customerId, ...card })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.paymentMethodId, paymentMethodId), eq(savedCards.userId, principal.user.id)));
  if (!row) throw notFound('The card was not found.');
  return viewOf(row);
}

/** `DELETE /api/saved-cards/{id}` ('Remove'): forgotten by the provider, then by the portal. */
export async function removeCard(deps: SavedCardDeps, principal: Principal, id: number): Promise<void> {
  const [row] = await deps.db.select().from(savedCards).where(ownCard(principal, id));
  if (!row) throw notFound(NOT_FOUND);
  try {
    await deps.gateway.detachPaymentMethod(row.paymentMethodId);
  } catch (error) {
    // Already forgotten by the provider: nothing left to remove there.
    if (!(error instanceof GatewayError)) throw error;
  }
  await deps.db.delete(savedCards).where(ownCard(principal, id));
}

/** What paying with one of the caller's own cards needs (404 for anyone else's card). */
export async function savedCardForPayment(
  db: Database,
  principal: Principal,
  id: number,
): Promise<{ paymentMethodId: string; customerId: string }> {
  const [row] = await db.select().from(savedCards).where(ownCard(principal, id));
  if (!row) throw notFound(NOT_FOUND);
  return { paymentMethodId: row.paymentMethodId, customerId: row.providerCustomerId };
}
