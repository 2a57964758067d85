/**
 * Taxes of the checkout (server-rules "Tax", spec 4 "Tax recalculation", spec 7
 * calculate-taxes): a taxable organization pays the state rate on items and charges unless it
 * gives a tax certificate number; a non-taxable one never pays tax; 'Estimated' until verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simulatedPaymentIntents } from '../../payments/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { checkoutClient, DENVER, FRESNO, L, ordersOf, USERS, type CheckoutClient, type DemoUser } from './checkout-test-support.js';

let t: TestApp;
let c: CheckoutClient;
const tokens: Partial<Record<DemoUser, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'buyer', 'owner'] as const) tokens[user] = await t.login(USERS[user]);
  c = checkoutClient(t, tokens);
});
afterAll(() => t.close());

const LINES = [
  { sku: L.liftGateOnly, quantity: 1 },
  { sku: L.smallParcel, quantity: 3 },
];
const SALT_LAKE = { ...DENVER, city: 'Salt Lake City', state: 'UT', postalCode: '84101' };

/** Items plus counted charges of a checkout, in cents. */
async function taxableBase(user: DemoUser, confirmationNumber: string) {
  const { cart } = await c.record(user, confirmationNumber);
  return Math.round(cart.itemsSubTotal * 100) + Math.round(cart.chargesSubTotal * 100);
}

const calculate = (user: DemoUser, body: object) => c.call(user, 'POST', '/api/checkout/calculate-taxes', body);
const amountOf = async (id: string) =>
  (await t.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)))[0]!.amountCents;

describe('taxable organization (Summit Lift Supply)', () => {
  it('estimates for the destination state, then verifies for the address and updates the payment amount', async () => {
    const created = await c.create('admin', LINES, { shipToState: 'CO' });
    const base = await taxableBase('admin', created.confirmationNumber);
    const estimated = await c.record('admin', created.confirmationNumber);
    expect(estimated.cart).toMatchObject({ taxes: Math.round((base * 290) / 10_000) / 100, taxesVerified: false });
    // The liftgate and notice charges are taxed with the items.
    expect(estimated.cart.chargesSubTotal).toBe(95 + 25);

    const response = await calculate('admin', {
      paymentIntentId: created.paymentIntentId,
      isPickup: false,
      warehouseId: null,
      shipToAddress: SALT_LAKE,
      cart: { anything: 'the server ignores the client cart' },
      taxCertificateNumber: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const taxCents = Math.round((base * 610) / 10_000);
    expect(response.json()).toEqual({ taxes: taxCents / 100, grandTotal: (base + taxCents) / 100, taxesVerified: true });
    expect(await amountOf(created.paymentIntentId)).toBe(base + taxCents);
    expect((await c.record('admin', created.confirmationNumber)).cart).toMatchObject({ taxes: taxCents / 100, taxesVerified: true });
  });

  it('charges no tax with a tax certificate number', async () => {
    const created = await c.create('admin', LINES);
    const base = await taxableBase('admin', created.confirmationNumber);
    const response = await calculate('admin', {
      paymentIntentId: created.paymentIntentId,
      shipToAddress: DENVER,
      taxCertificateNumber: 'CO-EX-55120',
    });
    expect(response.json()).toEqual({ taxes: 0, grandTotal: base / 100, taxesVerified: true });
  });

  it('fixes the final tax at update from the address and certificate, and the order carries it', async () => {
    const created = await c.create('buyer', LINES, { shipToState: 'CA' });
    const base = await taxableBase('buyer', created.confirmationNumber);
    expect((await c.record('buyer', created.confirmationNumber)).cart.taxes).toBe(Math.round((base * 725) / 10_000) / 100);
    const updated = (await c.update('buyer', created.confirmationNumber, { shipToAddress: SALT_LAKE, onAccount: true })).json();
    const taxCents = Math.round((base * 610) / 10_000);
    expect(updated).toEqual({ ok: true, taxes: taxCents / 100, grandTotal: (base + taxCents) / 100, taxesVerified: true });
    expect((await c.complete('buyer', created.confirmationNumber)).statusCode).toBe(200);
    const [order] = await ordersOf(t, created.confirmationNumber);
    expect(order).toMatchObject({ taxCents, orderCents: base + taxCents, taxCertificateNumber: '' });

    const exempt = await c.create('buyer', LINES);
    await c.update('buyer', exempt.confirmationNumber, { shipToAddress: SALT_LAKE, onAccount: true, taxCertificateNumber: 'UT-123' });
    await c.complete('buyer', exempt.confirmationNumber);
    const [exemptOrder] = await ordersOf(t, exempt.confirmationNumber);
    expect(exemptOrder).toMatchObject({ taxCents: 0, taxCertificateNumber: 'UT-123' });
  });

  it('refuses an incomplete address and a checkout of someone else', async () => {
    const created = await c.create('admin', LINES);
    const incomplete = await calculate('admin', { paymentIntentId: created.paymentIntentId, shipToAddress: { ...DENVER, city: '' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().messages).toEqual([{ field: 'shipToAddress.city', message: 'This field is incomplete.' }]);
    expect((await calculate('buyer', { paymentIntentId: created.paymentIntentId, shipToAddress: DENVER })).statusCode).toBe(404);
    expect((await calculate('admin', { confirmationNumber: created.confirmationNumber, shipToAddress: DENVER })).statusCode).toBe(200);
  });
});

describe('organization that is not taxable (Valley Garage Equipment)', () => {
  it('never charges tax and ignores a certificate number', async () => {
    const created = await c.create('owner', LINES, { shipToState: 'CA' });
    const base = await taxableBase('owner', created.confirmationNumber);
    expect((await c.record('owner', created.confirmationNumber)).cart.taxes).toBe(0);
    const response = await calculate('owner', {
      paymentIntentId: created.paymentIntentId,
      shipToAddress: FRESNO,
      taxCertificateNumber: '',
    });
    expect(response.json()).toEqual({ taxes: 0, grandTotal: base / 100, taxesVerified: true });
    await c.update('owner', created.confirmationNumber, { shipToAddress: FRESNO, taxCertificateNumber: 'IGNORED' });
    expect((await c.record('owner', created.confirmationNumber)).cart).toMatchObject({ taxes: 0, taxCertificateNumber: '' });
  });
});
