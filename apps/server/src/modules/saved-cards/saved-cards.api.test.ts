/**
 * Issue 36 saved cards (role storedPayments): a card saved with the (simulated) provider, listed,
 * used to pay a checkout without typing, removed; only the provider's ids, brand, last four and
 * expiry kept; a declined card not saved; cards belong to their user (an administrator cannot see
 * or use another user's), another organization's answer 404; a user without the role 403.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCard } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { simulatedPaymentMethods } from '../../payments/schema.js';
import { checkoutClient, ordersOf, type CheckoutClient } from '../checkout/checkout-test-support.js';
import { users } from '../users/schema.js';
import { savedCards } from './schema.js';

let t: TestApp;
let tokens: Record<'admin' | 'buyer' | 'owner' | 'viewer', string>;
let c: CheckoutClient;

beforeAll(async () => {
  t = await createTestApp();
  // A second user of Summit Lift Supply with saved cards: the buyer, given the role here.
  await t.db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, 'storedPayments')` })
    .where(eq(users.email, 'buyer@summitlift.example.com'));
  tokens = {
    admin: await t.login('admin@summitlift.example.com'),
    buyer: await t.login('buyer@summitlift.example.com'),
    owner: await t.login('owner@valleygarage.example.com'),
    viewer: await t.login('viewer@summitlift.example.com'),
  };
  c = checkoutClient(t, tokens);
});
afterAll(() => t.close());

type User = keyof typeof tokens;
const call = (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, token: tokens[user], ...(payload ? { payload } : {}) });

async function paymentMethod(user: User, cardNumber: string, expiry = '12 / 34') {
  const response = await call(user, 'POST', '/api/simulated-gateway/payment-methods', { cardNumber, expiry, cvc: '123' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { paymentMethodId: string | null; error: { message: string; field: string | null } | null };
}

async function savedCard(user: User, cardNumber = '4242424242424242'): Promise<SavedCard> {
  const { paymentMethodId } = await paymentMethod(user, cardNumber);
  const response = await call(user, 'POST', '/api/saved-cards', { paymentMethodId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SavedCard;
}

const cardsOf = async (user: User) => (await call(user, 'GET', '/api/saved-cards')).json().cards as SavedCard[];

describe('saved cards', () => {
  it('saves a card with the provider, keeping only its ids, brand, last four and expiry', async () => {
    const card = await savedCard('admin', '5555 5555 5555 4444');
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 });
    expect(await cardsOf('admin')).toContainEqual(card);
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.paymentMethodId).toMatch(/^pm_sim_/);
    expect(row!.providerCustomerId).toMatch(/^cus_sim_/);
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    // The provider keeps it for that customer.
    const [method] = await t.db.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, row!.paymentMethodId));
    expect(method!.customerId).toBe(row!.providerCustomerId);
    expect(JSON.stringify(method)).not.toContain('5555555555554444');
  });

  it('does not save a declined card, and answers a mistyped one with the form error', async () => {
    const before = await cardsOf('admin');
    const declined = await paymentMethod('admin', '4000000000000002');
    const response = await call('admin', 'POST', '/api/saved-cards', { paymentMethodId: declined.paymentMethodId });
    expect(response.statusCode).toBe(422);
    expect(response.json().messages).toEqual([{ field: 'paymentMethodId', message: 'Your card was declined.' }]);
    expect(await cardsOf('admin')).toEqual(before);
    const typo = await paymentMethod('admin', '4242 4242 4242 4241');
    expect(typo).toMatchObject({ paymentMethodId: null, error: { field: 'cardNumber', message: 'Your card number is invalid.' } });
    expect((await call('admin', 'POST', '/api/saved-cards', { paymentMethodId: '' })).statusCode).toBe(400);
  });

  it("pays a checkout with 'Use a saved card': exactly one order, nothing typed", async () => {
    const card = await savedCard('admin');
    const checkout = await c.create('admin');
    expect((await c.update('admin', checkout.confirmationNumber)).statusCode).toBe(200);
    const paid = await call('admin', 'POST', `/api/checkout/${checkout.confirmationNumber}/saved-card`, { savedCardId: card.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', error: null });
    // A double click answers the same.
    expect(
      (await call('admin', 'POST', `/api/checkout/${checkout.confirmationNumber}/saved-card`, { savedCardId: card.id })).json(),
    ).toEqual({
      status: 'succeeded',
      error: null,
    });
    const completed = await c.complete('admin', checkout.confirmationNumber);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(1);
  });

  it("keeps cards to their user: an administrator neither sees nor uses another user's card (404)", async () => {
    const buyersCard = await savedCard('buyer');
    expect((await cardsOf('admin')).map((card) => card.id)).not.toContain(buyersCard.id);
    expect((await cardsOf('buyer')).map((card) => card.id)).toEqual([buyersCard.id]);
    const checkout = await c.create('admin');
    await c.update('admin', checkout.confirmationNumber);
    const refused = await call('admin', 'POST', `/api/checkout/${checkout.confirmationNumber}/saved-card`, { savedCardId: buyersCard.id });
    expect(refused.statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/saved-cards/${buyersCard.id}`)).statusCode).toBe(404);
    // Another organization: 404 too, and its list never holds them.
    expect((await call('owner', 'DELETE', `/api/saved-cards/${buyersCard.id}`)).statusCode).toBe(404);
    expect((await cardsOf('owner')).map((card) => card.id)).not.toContain(buyersCard.id);
    // Another user's payment method cannot be saved as one's own.
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, buyersCard.id));
    const stolen = await call('admin', 'POST', '/api/saved-cards', { paymentMethodId: row!.paymentMethodId });
    expect(stolen.statusCode).toBe(422);
    expect((await cardsOf('buyer')).map((card) => card.id)).toEqual([buyersCard.id]);
  });

  it('removes a card at the provider and in the portal; it can no longer pay', async () => {
    const card = await savedCard('admin');
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect((await call('admin', 'DELETE', `/api/saved-cards/${card.id}`)).json()).toEqual({ ok: true });
    expect((await cardsOf('admin')).map((c) => c.id)).not.toContain(card.id);
    const [method] = await t.db.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, row!.paymentMethodId));
    expect(method!.customerId).toBeNull();
    const checkout = await c.create('admin');
    await c.update('admin', checkout.confirmationNumber);
    expect(
      (await call('admin', 'POST', `/api/checkout/${checkout.confirmationNumber}/saved-card`, { savedCardId: card.id })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/api/saved-cards/${card.id}`)).statusCode).toBe(404);
  });

  it('refuses a user without the storedPayments role (403)', async () => {
    expect((await call('viewer', 'GET', '/api/saved-cards')).statusCode).toBe(403);
    expect((await call('viewer', 'POST', '/api/saved-cards', { paymentMethodId: 'pm_x' })).statusCode).toBe(403);
    expect(
      (
        await call('viewer', 'POST', '/api/simulated-gateway/payment-methods', {
          cardNumber: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(403);
  });
});
