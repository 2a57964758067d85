/**
 * The `stripe` gateway end to end through the checkout API, with the official SDK talking to a
 * local stand-in for Stripe's API (no network): payment intents, the Payment Element's
 * confirmation (as Stripe.js does it), signed webhooks before and after the browser's completion,
 * Terminal readers, the configuration the page reads and the Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { TERMINAL_MESSAGES } from '@portal/domain/rules';
import type { CreateCheckoutResponse } from '@portal/domain';
import { organizations } from '../organizations/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createStripeGateway } from '../../payments/stripe-gateway.js';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { checkoutClient, FRESNO, ordersOf, USERS, type CheckoutClient, type DemoUser } from './checkout-test-support.js';
import { reconcilePaidCheckouts } from './completion.js';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

let standIn: StripeStandIn;
let t: TestApp;
let c: CheckoutClient;
const tokens: Partial<Record<DemoUser, string>> = {};
const signer = new Stripe(SECRET_KEY);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  standIn.addReader('tmr_front_counter', { label: 'Front Counter' });
  standIn.addReader('tmr_show_floor', { label: 'Show Floor', status: 'offline' });
  t = await createTestApp({
    paymentGateway: 'stripe',
    stripeSecretKey: SECRET_KEY,
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: standIn.url,
  });
  for (const user of ['admin', 'owner'] as const) tokens[user] = await t.login(USERS[user]);
  c = checkoutClient(t, tokens);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** What Stripe.js does when the Payment Element is submitted with a test payment method. */
async function confirmAtStripe(paymentIntentId: string, paymentMethod = 'pm_card_visa') {
  const response = await fetch(`${standIn.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_browser', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: paymentMethod }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
}

/** Stripe sending a signed event to the webhook. */
function sendWebhook(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: 'event',
    type,
    api_version: null,
    created: 1,
    livemode: false,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.request({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function submittedCheckout(user: DemoUser = 'owner'): Promise<CreateCheckoutResponse> {
  const created = await c.create(user);
  const response = await c.update(user, created.confirmationNumber, { shipToAddress: FRESNO, onAccount: false });
  expect(response.statusCode, response.body).toBe(200);
  return created;
}

describe('configuration', () => {
  it('tells the page to use Stripe with the publishable key, and allows Stripe.js in the CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toMatchObject({ paymentGateway: 'stripe', stripePublishableKey: 'pk_test_stand_in' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
  });

  it('has no simulated card form or reader control in stripe mode', async () => {
    expect((await c.driveReader('admin', 'tmr_front_counter', 'busy')).statusCode).toBe(404);
  });
});

describe('payment intents', () => {
  it('creates the intent at Stripe with the amount, card for the page, and the confirmation number', async () => {
    const created = await c.create('owner');
    const intent = standIn.intents.get(created.paymentIntentId)!;
    const record = await c.record('owner', created.confirmationNumber);
    expect(intent).toMatchObject({ amount: Math.round(record.cart.grandTotal * 100), currency: 'usd', payment_method_types: ['card'] });
    expect(intent.metadata).toEqual({ confirmationNumber: created.confirmationNumber, organizationId: '2' });
    expect(created.paymentIntentSecret).toBe(intent.client_secret);
    // Summit Lift Supply also takes card readers.
    const summit = await c.create('admin');
    expect(standIn.intents.get(summit.paymentIntentId)!.payment_method_types).toEqual(['card', 'card_present']);
    // Readers without card payments: the intent cannot be paid through the Payment Element.
    await t.db.update(organizations).set({ allowCardPayments: false }).where(eq(organizations.id, 1));
    try {
      const readersOnly = await c.create('admin');
      expect(standIn.intents.get(readersOnly.paymentIntentId)!.payment_method_types).toEqual(['card_present']);
    } finally {
      await t.db.update(organizations).set({ allowCardPayments: true }).where(eq(organizations.id, 1));
    }
  });

  it('does not complete while the card is declined', async () => {
    const created = await submittedCheckout();
    const declined = await confirmAtStripe(created.paymentIntentId, 'pm_card_visa_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(declined.body.error?.message).toBe('Your card was declined.');
    expect((await c.complete('owner', created.confirmationNumber)).statusCode).toBe(409);
  });

  it('cancels the intent with the checkout', async () => {
    const created = await c.create('owner');
    expect((await c.remove('owner', created.confirmationNumber)).statusCode).toBe(200);
    expect(standIn.intents.get(created.paymentIntentId)!.status).toBe('canceled');
  });
});

describe('webhook', () => {
  it('completes the checkout when it arrives before the browser; the browser then gets the same order', async () => {
    const created = await submittedCheckout();
    expect((await confirmAtStripe(created.paymentIntentId)).status).toBe(200);
    const hook = await sendWebhook('payment_intent.succeeded', standIn.intents.get(created.paymentIntentId));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true, completed: true });
    const [order] = await ordersOf(t, created.confirmationNumber);
    expect(order).toBeDefined();
    const browser = await c.complete('owner', created.confirmationNumber);
    expect(browser.json().documentNumber).toBe(Number(order!.documentNumber));
    expect(await ordersOf(t, created.confirmationNumber)).toHaveLength(1);
  });

  it('answers the same order when it arrives after the browser completed (and when Stripe repeats it)', async () => {
    const created = await submittedCheckout();
    await confirmAtStripe(created.paymentIntentId);
    const browser = (await c.complete('owner', created.confirmationNumber)).json();
    const intent = standIn.intents.get(created.paymentIntentId);
    expect((await sendWebhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect((await sendWebhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
    const rows = await ordersOf(t, created.confirmationNumber);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.documentNumber)).toBe(browser.documentNumber);
  });

  it('creates one order when the webhook and the browser arrive together', async () => {
    const created = await submittedCheckout();
    await confirmAtStripe(created.paymentIntentId);
    const intent = standIn.intents.get(created.paymentIntentId);
    const answers = await Promise.all([
      sendWebhook('payment_intent.succeeded', intent),
      c.complete('owner', created.confirmationNumber),
      sendWebhook('payment_intent.succeeded', intent),
      c.complete('owner', created.confirmationNumber),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await ordersOf(t, created.confirmationNumber)).toHaveLength(1);
  });

  it('refuses a bad signature, ignores other events and unknown intents, and never completes an unpaid intent', async () => {
    const created = await submittedCheckout();
    const intent = standIn.intents.get(created.paymentIntentId);
    const forged = await sendWebhook('payment_intent.succeeded', { ...intent, status: 'succeeded' }, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.request({ method: 'POST', url: '/api/webhooks/stripe', payload: { type: 'payment_intent.succeeded' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await sendWebhook('payment_intent.created', intent)).json()).toEqual({ received: true, completed: false });
    expect((await sendWebhook('payment_intent.succeeded', { object: 'payment_intent', id: 'pi_other_app' })).json()).toEqual({
      received: true,
      completed: false,
    });
    // A correctly signed event about an intent that did not succeed at Stripe: the server asks Stripe and refuses.
    expect((await sendWebhook('payment_intent.succeeded', { ...intent, status: 'succeeded' })).statusCode).toBe(409);
    expect(await ordersOf(t, created.confirmationNumber)).toHaveLength(0);
  });
});

describe('Stripe Terminal readers', () => {
  it('processes on a reader, pending until the card is presented, then completed by the status poll', async () => {
    const created = await submittedCheckout('admin');
    const sent = await c.terminal('admin', 'process', created);
    expect(sent.json()).toEqual({ status: 'pending', message: '', errorMessage: '' });
    expect((await c.terminal('admin', 'status', created)).json().status).toBe('pending');
    const presented = await fetch(`${standIn.url}/v1/test_helpers/terminal/readers/tmr_front_counter/present_payment_method`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(presented.status).toBe(200);
    expect((await c.terminal('admin', 'status', created)).json().status).toBe('completed');
    expect(await ordersOf(t, created.confirmationNumber)).toHaveLength(1);
  });

  it('busy, offline, failed and cancelled', async () => {
    const first = await submittedCheckout('admin');
    const second = await submittedCheckout('admin');
    expect((await c.terminal('admin', 'process', first)).json().status).toBe('pending');
    expect((await c.terminal('admin', 'process', second)).json()).toMatchObject({ status: 'busy', errorMessage: TERMINAL_MESSAGES.busy });
    expect((await c.terminal('admin', 'process', second, 'tmr_show_floor')).json()).toMatchObject({
      status: 'offline',
      errorMessage: TERMINAL_MESSAGES.offline,
    });

    await fetch(`${standIn.url}/v1/test_helpers/terminal/readers/tmr_front_counter/present_payment_method`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'card_present[number]': '4000000000000002' }),
    });
    expect((await c.terminal('admin', 'status', first)).json()).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      errorMessage: 'The transaction failed to process with message: Your card was declined.',
    });

    expect((await c.terminal('admin', 'process', second)).json().status).toBe('pending');
    expect((await c.terminal('admin', 'cancel', second)).json().status).toBe('cancelled');
    expect((await c.terminal('admin', 'status', second)).json()).toMatchObject({
      status: 'cancelled',
      errorMessage: TERMINAL_MESSAGES.cancelled,
    });
    expect(await ordersOf(t, first.confirmationNumber)).toHaveLength(0);
  });
});

describe('reconciliation', () => {
  it('completes a checkout paid at Stripe whose completion and webhook were lost', async () => {
    const created = await submittedCheckout();
    await confirmAtStripe(created.paymentIntentId);
    const gateway = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url });
    expect(await reconcilePaidCheckouts({ db: t.db, gateway })).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(t, created.confirmationNumber)).toHaveLength(1);
  });
});
