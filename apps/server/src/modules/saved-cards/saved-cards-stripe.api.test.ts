/**
 * Issue 36 saved cards in stripe mode (PAYMENT_GATEWAY=stripe): the official SDK against the local
 * stand-in for Stripe's API (no network). The page makes the payment method with Stripe.js
 * (createPaymentMethod from the Payment Element); the server keeps it for the user's Stripe customer,
 * pays a checkout with it ('Use a saved card') and detaches it on 'Remove'. A card Stripe declines is
 * not saved (422), another user's card answers 404.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCard } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { checkoutClient, ordersOf, USERS, type CheckoutClient } from '../checkout/checkout-test-support.js';
import { users } from '../users/schema.js';
import { paymentCustomers, savedCards } from './schema.js';

const SECRET_KEY = 'sk_test_stand_in';

let standIn: StripeStandIn;
let t: TestApp;
let c: CheckoutClient;
let tokens: Record<'admin' | 'buyer' | 'owner', string>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    paymentGateway: 'stripe',
    stripeSecretKey: SECRET_KEY,
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: 'whsec_stand_in_secret',
    stripeApiUrl: standIn.url,
  });
  // A second user of Summit Lift Supply with saved cards: the buyer, given the role here.
  await t.db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, 'storedPayments')` })
    .where(eq(users.email, USERS.buyer));
  tokens = { admin: await t.login(USERS.admin), buyer: await t.login(USERS.buyer), owner: await t.login(USERS.owner) };
  c = checkoutClient(t, tokens);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type User = keyof typeof tokens;
const call = (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, token: tokens[user], ...(payload ? { payload } : {}) });

/** What Stripe.js's createPaymentMethod sends for the card typed in the Payment Element. */
async function paymentMethodAtStripe(number: string): Promise<string> {
  const response = await fetch(`${standIn.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_browser', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const save = (user: User, paymentMethodId: string) => call(user, 'POST', '/api/saved-cards', { paymentMethodId });

async function savedCard(user: User, number = '4242424242424242'): Promise<{ card: SavedCard; paymentMethodId: string }> {
  const paymentMethodId = await paymentMethodAtStripe(number);
  const response = await save(user, paymentMethodId);
  expect(response.statusCode, response.body).toBe(200);
  return { card: response.json() as SavedCard, paymentMethodId };
}

const cardsOf = async (user: User) => (await call(user, 'GET', '/api/saved-cards')).json().cards as SavedCard[];

async function submittedCheckout(user: 'admin' | 'buyer' = 'admin') {
  const created = await c.create(user);
  const response = await c.update(user, created.confirmationNumber);
  expect(response.statusCode, response.body).toBe(200);
  return created;
}

const payWithSavedCard = (user: User, confirmationNumber: string, savedCardId: number) =>
  call(user, 'POST', `/api/checkout/${confirmationNumber}/saved-card`, { savedCardId });

describe('saved cards with Stripe', () => {
  it("saves the page's payment method with the user's Stripe customer, keeping only ids, brand, last four and expiry", async () => {
    const { card, paymentMethodId } = await savedCard('admin', '5555555555554444');
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 });
    expect(await cardsOf('admin')).toContainEqual(card);
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row).toMatchObject({ paymentMethodId, providerCustomerId: expect.stringMatching(/^cus_/) });
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    // At Stripe: one customer for the user, holding the card.
    const customer = standIn.customers.get(row!.providerCustomerId)!;
    expect(customer.email).toBe(USERS.admin);
    expect(standIn.paymentMethods.get(paymentMethodId)!.customer).toBe(customer.id);
    const second = await savedCard('admin');
    const [secondRow] = await t.db.select().from(savedCards).where(eq(savedCards.id, second.card.id));
    expect(secondRow!.providerCustomerId).toBe(customer.id);
    const customerRows = await t.db.select().from(paymentCustomers);
    expect(customerRows.filter((r) => r.providerCustomerId === customer.id)).toHaveLength(1);
    // Saving the same payment method twice keeps one card.
    expect((await save('admin', paymentMethodId)).json()).toEqual(card);
    expect((await cardsOf('admin')).filter((listed) => listed.id === card.id)).toHaveLength(1);
  });

  it('does not save a card Stripe declines (422), nor a payment method Stripe does not know', async () => {
    const before = await cardsOf('admin');
    const declined = await save('admin', await paymentMethodAtStripe('4000000000000002'));
    expect(declined.statusCode).toBe(422);
    expect(declined.json().messages).toEqual([{ field: 'paymentMethodId', message: 'Your card was declined.' }]);
    expect(await cardsOf('admin')).toEqual(before);
    expect((await save('admin', 'pm_unknown')).statusCode).toBe(404);
  });

  it("pays a checkout with 'Use a saved card': the intent confirmed for the customer, exactly one order", async () => {
    const { card, paymentMethodId } = await savedCard('admin');
    const checkout = await submittedCheckout();
    const paid = await payWithSavedCard('admin', checkout.confirmationNumber, card.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', error: null });
    const intent = standIn.intents.get(checkout.paymentIntentId)!;
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: paymentMethodId });
    expect(intent.customer).toBe(standIn.paymentMethods.get(paymentMethodId)!.customer);
    // A double click answers the same, and pays once.
    expect((await payWithSavedCard('admin', checkout.confirmationNumber, card.id)).json()).toEqual({ status: 'succeeded', error: null });
    const completed = await c.complete('admin', checkout.confirmationNumber);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(1);
  });

  it("answers a saved card Stripe declines when charged with Stripe's message, and completes nothing", async () => {
    // 4000 0000 0000 0341: Stripe attaches it, then declines every charge.
    const { card } = await savedCard('admin', '4000000000000341');
    const checkout = await submittedCheckout();
    const paid = await payWithSavedCard('admin', checkout.confirmationNumber, card.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      status: 'requires_payment_method',
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(standIn.intents.get(checkout.paymentIntentId)!.status).toBe('requires_payment_method');
    expect((await c.complete('admin', checkout.confirmationNumber)).statusCode).toBe(409);
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(0);
  });

  it("keeps cards to their user: another user's card answers 404 and cannot be saved as one's own", async () => {
    const buyers = await savedCard('buyer');
    expect((await cardsOf('admin')).map((card) => card.id)).not.toContain(buyers.card.id);
    const checkout = await submittedCheckout();
    expect((await payWithSavedCard('admin', checkout.confirmationNumber, buyers.card.id)).statusCode).toBe(404);
    expect(standIn.intents.get(checkout.paymentIntentId)!.status).toBe('requires_payment_method');
    expect((await call('admin', 'DELETE', `/api/saved-cards/${buyers.card.id}`)).statusCode).toBe(404);
    expect((await call('owner', 'DELETE', `/api/saved-cards/${buyers.card.id}`)).statusCode).toBe(404);
    // Stripe refuses to attach a payment method kept for another customer.
    expect((await save('admin', buyers.paymentMethodId)).statusCode).toBe(422);
    expect(standIn.paymentMethods.get(buyers.paymentMethodId)!.customer).toBe(
      (await t.db.select().from(savedCards).where(eq(savedCards.id, buyers.card.id)))[0]!.providerCustomerId,
    );
    expect((await cardsOf('buyer')).map((card) => card.id)).toEqual([buyers.card.id]);
  });

  it('Remove detaches the card at Stripe and forgets it; it can no longer pay', async () => {
    const { card, paymentMethodId } = await savedCard('admin');
    expect((await call('admin', 'DELETE', `/api/saved-cards/${card.id}`)).json()).toEqual({ ok: true });
    expect(standIn.paymentMethods.get(paymentMethodId)!.customer).toBeNull();
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/v1/payment_methods/${paymentMethodId}/detach` }),
    );
    expect((await cardsOf('admin')).map((listed) => listed.id)).not.toContain(card.id);
    const checkout = await submittedCheckout();
    expect((await payWithSavedCard('admin', checkout.confirmationNumber, card.id)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/saved-cards/${card.id}`)).statusCode).toBe(404);
  });
});
