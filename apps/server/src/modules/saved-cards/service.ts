/**
 * Saved cards (issue 36, role storedPayments; interface-contract "Saved cards"; decision 020):
 * a user's cards kept by the payment provider, for the user only. Every query is by the caller's
 * own user and organization, so nobody, an administrator included, sees or uses another user's
 * cards (another user's card answers 404). The portal keeps the provider's ids, the brand, the last
 * four digits and the expiry, never a card number.
 */
import type { SavedCard } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http/errors.js';
import { GatewayError, type PaymentGateway } from '../../payments/gateway.js';
import type { Principal } from '../auth/index.js';
import {
  deleteOwnCard,
  findCardByPaymentMethod,
  findOwnCard,
  findProviderCustomer,
  insertCard,
  insertProviderCustomer,
  listCardsOf,
  type CardOwner,
  type SavedCardRow,
} from './repository.js';

export type SavedCardDeps = { db: Database; gateway: PaymentGateway };

const NOT_FOUND = 'The saved card was not found.';

const viewOf = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
});

const ownerOf = (principal: Principal): CardOwner => ({ userId: principal.user.id, organizationId: principal.organization.id });

export async function listSavedCards(db: Database, principal: Principal): Promise<{ cards: SavedCard[] }> {
  return { cards: (await listCardsOf(db, ownerOf(principal))).map(viewOf) };
}

/** The user's provider customer, made at the first card saved (one per user, even when two saves race). */
async function customerOf(deps: SavedCardDeps, principal: Principal): Promise<string> {
  const existing = await findProviderCustomer(deps.db, principal.user.id);
  if (existing) return existing;
  const created = await deps.gateway.createCustomer({
    email: principal.user.email,
    description: `Dealer portal user ${principal.user.id} (${principal.organization.name})`,
  });
  await insertProviderCustomer(deps.db, principal.user.id, created);
  return (await findProviderCustomer(deps.db, principal.user.id))!;
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
  await insertCard(deps.db, ownerOf(principal), customerId, card);
  const row = await findCardByPaymentMethod(deps.db, principal.user.id, paymentMethodId);
  if (!row) throw notFound('The card was not found.');
  return viewOf(row);
}

/** `DELETE /api/saved-cards/{id}` ('Remove'): forgotten by the provider, then by the portal. */
export async function removeCard(deps: SavedCardDeps, principal: Principal, id: number): Promise<void> {
  const row = await findOwnCard(deps.db, ownerOf(principal), id);
  if (!row) throw notFound(NOT_FOUND);
  try {
    await deps.gateway.detachPaymentMethod(row.paymentMethodId);
  } catch (error) {
    // Already forgotten by the provider: nothing left to remove there.
    if (!(error instanceof GatewayError)) throw error;
  }
  await deleteOwnCard(deps.db, ownerOf(principal), id);
}

/** What paying with one of the caller's own cards needs (404 for anyone else's card). */
export async function savedCardForPayment(
  db: Database,
  principal: Principal,
  id: number,
): Promise<{ paymentMethodId: string; customerId: string }> {
  const row = await findOwnCard(db, ownerOf(principal), id);
  if (!row) throw notFound(NOT_FOUND);
  return { paymentMethodId: row.paymentMethodId, customerId: row.providerCustomerId };
}
