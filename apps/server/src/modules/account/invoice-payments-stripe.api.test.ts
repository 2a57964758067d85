/**
 * Issue 36 'Pay Selected' in stripe mode, the official SDK against the local Stripe stand-in (no
 * network): the intent the page confirms with Stripe.js, the signed `payment_intent.succeeded`
 * webhook recording the payment when the page never completes it, and the page's completion after
 * the webhook recording nothing twice.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePayment } from '@portal/domain';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createApiKey } from '../integration/api-keys.js';
import { mailOutbox } from '../mail/index.js';
import { invoices } from './schema.js';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

let standIn: StripeStandIn;
let t: TestApp;
let token: string;
let key: string;
const signer = new Stripe(SECRET_KEY);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    paymentGateway: 'stripe',
    stripeSecretKey: SECRET_KEY,
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: standIn.url,
  });
  token = await t.login('admin@summitlift.example.com');
  key = (await createApiKey(t.db, 'stripe ERP')).key;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function openInvoice(invoiceNumber: string) {
  const row = {
    invoiceNumber,
    organizationId: 1,
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    amount: '75.00',
    balance: '75.00',
    status: 'open',
  };
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/integration/invoices',
    payload: [row],
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** What Stripe.js does when the Payment Element is submitted with a test card. */
const confirmAtStripe = (paymentIntentId: string) =>
  fetch(`${standIn.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_browser', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
  });

function sendWebhook(object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: null,
    created: 1,
    livemode: false,
    data: { object },
  });
  return t.request({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

describe('Pay Selected with Stripe', () => {
  it('the webhook records a payment the page never completed; the later completion records nothing twice', async () => {
    await openInvoice('STRIPE-INV-1');
    const started = await t.request({
      method: 'POST',
      url: '/api/account/invoice-payments',
      token,
      payload: { invoiceNumbers: ['STRIPE-INV-1'] },
    });
    expect(started.statusCode, started.body).toBe(200);
    const payment = started.json() as InvoicePayment;
    expect(payment.paymentIntentId).toMatch(/^pi_/);
    expect(payment.paymentIntentSecret).toContain('_secret_');
    // Not paid yet: the page's completion is refused.
    expect(
      (await t.request({ method: 'POST', url: `/api/account/invoice-payments/${payment.paymentNumber}/complete`, token })).statusCode,
    ).toBe(409);

    expect((await confirmAtStripe(payment.paymentIntentId)).status).toBe(200);
    const hook = await sendWebhook({ id: payment.paymentIntentId, object: 'payment_intent', status: 'succeeded' });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true, completed: true });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'STRIPE-INV-1'));
    expect(row).toMatchObject({ status: 'paid', balanceCents: 0 });

    const done = await t.request({ method: 'POST', url: `/api/account/invoice-payments/${payment.paymentNumber}/complete`, token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', amount: 75 });
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `invoice-payment-receipt:${payment.paymentNumber}`)),
    ).toHaveLength(1);
    // A repeated event changes nothing.
    expect((await sendWebhook({ id: payment.paymentIntentId, object: 'payment_intent', status: 'succeeded' })).json()).toEqual({
      received: true,
      completed: true,
    });
  });
});
