/**
 * Outbound events (issue 35) through the API on the real embedded database (or PostgreSQL with
 * DATABASE_URL): subscriptions and their secret, events written in the order's transaction, signed
 * deliveries to a local receiver with retries, the attempt log, manual retry, disabling after 8
 * failed events, two workers delivering each event once.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CreateWebhookResponse, IntegrationOrder, WebhookDelivery } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { checkoutClient, ordersOf, USERS, type CheckoutClient, type DemoUser } from '../checkout/checkout-test-support.js';
import { createApiKey } from '../integration/api-keys.js';
import { mailOutbox } from '../mail/schema.js';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from './schema.js';
import { createSubscription, emitEvent } from './service.js';
import { verifyWebhookSignature } from './signing.js';
import { deliverDueWebhooks, postWebhook, type WebhookDeliverOptions } from './worker.js';

type Received = { headers: IncomingMessage['headers']; body: string };

/** A receiver on 127.0.0.1 answering what `answer` says, recording every request. */
async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answer(received.length);
      response.end(`answer ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let c: CheckoutClient;
let key: string;
const tokens: Partial<Record<DemoUser, string>> = {};
const receivers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'webhooks ERP')).key;
  tokens.buyer = await t.login(USERS.buyer);
  c = checkoutClient(t, tokens);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}`, ...headers } });

const options = (extra: Partial<WebhookDeliverOptions> = {}): WebhookDeliverOptions => ({
  retryBaseMs: 1,
  policy: { allowInternal: true },
  operatorEmail: 'operator@manufacturer.example.com',
  ...extra,
});

/** Runs delivery rounds until `done` holds (or 20 s pass). */
async function deliverUntil(done: () => Promise<boolean>, extra: Partial<WebhookDeliverOptions> = {}) {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('deliveries did not finish');
    await deliverDueWebhooks(t.db, options(extra));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function subscribe(url: string, events: string[]): Promise<CreateWebhookResponse> {
  const response = await call('POST', '/api/integration/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const deliveriesOf = async (id: number): Promise<WebhookDelivery[]> => {
  const response = await call('GET', `/api/integration/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries;
};

const stateOf = async (deliveryId: number) => (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;

/** An on-account order of the buyer through the checkout API; answers its document number. */
async function placeOrder(): Promise<{ confirmationNumber: string; response: Awaited<ReturnType<CheckoutClient['complete']>> }> {
  const created = await c.create('buyer');
  const updated = await c.update('buyer', created.confirmationNumber, { onAccount: true, takenBy: '2' });
  expect(updated.statusCode, updated.body).toBe(200);
  return { confirmationNumber: created.confirmationNumber, response: await c.complete('buyer', created.confirmationNumber) };
}

describe('subscriptions', () => {
  it('answers the secret once: the list never shows it', async () => {
    const created = await subscribe('http://127.0.0.1:9/once', ['order.created', 'order.shipped']);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/once', events: ['order.created', 'order.shipped'], disabled: false });
    const list = await call('GET', '/api/integration/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().webhooks.find((w: { id: number }) => w.id === created.id)).not.toHaveProperty('secret');
    expect((await call('DELETE', `/api/integration/webhooks/${created.id}`)).json()).toMatchObject({ id: created.id, disabled: true });
  });

  it('refuses a URL that is not http(s), an unknown event type, and in production loopback and private addresses', async () => {
    const ftp = await call('POST', '/api/integration/webhooks', { url: 'ftp://erp.example.com/x', events: ['order.created'] });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().messages[0]).toMatchObject({ field: 'url' });
    const unknown = await call('POST', '/api/integration/webhooks', { url: 'https://erp.example.com/x', events: ['order.deleted'] });
    expect(unknown.statusCode).toBe(400);
    const none = await call('POST', '/api/integration/webhooks', { url: 'https://erp.example.com/x', events: [] });
    expect(none.statusCode).toBe(400);
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://10.0.0.7/x', 'http://[::1]/x'])
      await expect(createSubscription(t.db, { url, events: ['order.created'] }, { allowInternal: false }), url).rejects.toMatchObject({
        statusCode: 400,
      });
  });

  it('checks the resolved address at delivery time in production', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const outcome = await postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', {
      timeoutMs: 2000,
      policy: { allowInternal: false },
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/loopback or private/);
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 404 in the contract error body for unknown ids', async () => {
    const response = await call('GET', '/api/integration/webhooks/999999/deliveries');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ messages: [{ field: '', message: 'Webhook 999999 does not exist.' }] });
  });
});

describe('events are written in the change’s transaction', () => {
  it('writes order.created, carrying the order as GET /api/integration/orders answers it, with a completed checkout', async () => {
    const sub = await subscribe('http://127.0.0.1:9/created', ['order.created']);
    const { confirmationNumber, response } = await placeOrder();
    expect(response.statusCode, response.body).toBe(200);
    const documentNumber = response.json().documentNumber as number;
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.data}->>'documentNumber' = ${String(documentNumber)}`);
    expect(events.map((e) => e.type)).toEqual(['order.created']);
    const [order] = await ordersOf(t, confirmationNumber);
    const feed = await call('GET', `/api/integration/orders?since=${encodeURIComponent(order!.enteredAt.toISOString())}&limit=50`);
    const asFed = (feed.json().orders as IntegrationOrder[]).find((o) => o.documentNumber === documentNumber);
    expect(events[0]!.data).toEqual(JSON.parse(JSON.stringify(asFed)));
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, events[0]!.id));
    expect(deliveries.map((d) => [d.subscriptionId, d.state])).toEqual([[sub.id, 'pending']]);
    await call('DELETE', `/api/integration/webhooks/${sub.id}`);
  });

  it('writes no event for a completion that rolls back', async () => {
    const sub = await subscribe('http://127.0.0.1:9/rollback', ['order.created']);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
    // The confirmation mail is queued after the event, in the same transaction: refusing it rolls all back.
    await t.db.execute(sql`create or replace function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail refused for the test'; end $$`);
    await t.db.execute(sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`);
    try {
      const { confirmationNumber, response } = await placeOrder();
      expect(response.statusCode).toBe(500);
      expect(await ordersOf(t, confirmationNumber)).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
    await call('DELETE', `/api/integration/webhooks/${sub.id}`);
  });

  it('writes order.status_changed and order.shipped from the integration API', async () => {
    const sub = await subscribe('http://127.0.0.1:9/moves', ['order.status_changed', 'order.shipped']);
    const { response } = await placeOrder();
    const documentNumber = response.json().documentNumber as number;
    expect((await call('POST', `/api/integration/orders/${documentNumber}/status`, { statusCode: 20 })).statusCode).toBe(200);
    // The same status again is no change: no event.
    expect((await call('POST', `/api/integration/orders/${documentNumber}/status`, { statusCode: 20 })).statusCode).toBe(200);
    const shipped = await call('POST', `/api/integration/orders/${documentNumber}/shipments`, {
      statusCode: 60,
      scac: 'UPSN',
      lines: [{ lineNumber: 1, quantityShipped: 2 }],
      packages: [{ trackingNumber: '1Z999' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.data}->>'documentNumber' = ${String(documentNumber)}`)
      .orderBy(webhookEvents.createdAt);
    expect(events.map((e) => e.type)).toEqual(['order.status_changed', 'order.status_changed', 'order.shipped']);
    expect(events[0]!.data).toMatchObject({ documentNumber, previousStatusCode: 10, statusCode: 20 });
    expect(events[2]!.data).toMatchObject({ documentNumber, shipmentNumber: 0, scac: 'UPSN', packages: [{ trackingNumber: '1Z999' }] });
    await call('DELETE', `/api/integration/webhooks/${sub.id}`);
  });
});

describe('delivery', () => {
  it('retries a receiver that fails twice: the third attempt delivers the same signed event, and the log shows three attempts', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 204));
    receivers.push(receiver);
    const sub = await subscribe(receiver.url, ['order.created']);
    const { response } = await placeOrder();
    const documentNumber = response.json().documentNumber as number;

    await deliverUntil(async () => (await deliveriesOf(sub.id))[0]?.state === 'delivered');
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['portal-webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of receiver.received) {
      const body = JSON.parse(r.body);
      expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(body).toMatchObject({ id: r.headers['portal-webhook-id'], type: 'order.created', data: { documentNumber } });
      expect(r.headers['content-type']).toBe('application/json');
      expect(
        verifyWebhookSignature(
          sub.secret,
          String(r.headers['portal-webhook-timestamp']),
          r.body,
          String(r.headers['portal-webhook-signature']),
        ),
      ).toBe(true);
      expect(String(r.headers['portal-webhook-signature'])).toMatch(/^v1=[0-9a-f]{64}$/);
    }
    const [delivery] = await deliveriesOf(sub.id);
    expect(delivery!.log.map((a) => [a.attempt, a.statusCode, a.responseBody])).toEqual([
      [1, 500, 'answer 1'],
      [2, 500, 'answer 2'],
      [3, 204, ''],
    ]);
    expect(delivery!.log.every((a) => a.durationMs >= 0 && a.attemptedAt)).toBe(true);
    await call('DELETE', `/api/integration/webhooks/${sub.id}`);
  });

  it('counts a refused connection and a timeout as failed attempts', async () => {
    const refused = await postWebhook('http://127.0.0.1:9/nothing-listens', {}, '{}', { timeoutMs: 2000, policy: { allowInternal: true } });
    expect(refused).toMatchObject({ ok: false, statusCode: null });
    expect(await postWebhook('not a url', {}, '{}', { timeoutMs: 200, policy: { allowInternal: true } })).toMatchObject({
      ok: false,
      error: 'The URL is not valid.',
    });
    const slow = createServer(() => {});
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postWebhook(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`, {}, '{}', {
        timeoutMs: 200,
        policy: { allowInternal: true },
      });
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 200 ms.' });
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
    // A 200 whose answer does not end within the limit is no delivery either.
    const dribbling = createServer((_, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    await new Promise<void>((resolve) => dribbling.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postWebhook(`http://127.0.0.1:${(dribbling.address() as AddressInfo).port}/`, {}, '{}', {
        timeoutMs: 300,
        policy: { allowInternal: true },
      });
      expect(outcome).toMatchObject({ ok: false, error: 'No answer within 300 ms.' });
    } finally {
      dribbling.closeAllConnections();
      dribbling.close();
    }
  });

  it('retries by hand: a failed delivery is due again with fresh attempts', async () => {
    let healthy = false;
    const receiver = await startReceiver(() => (healthy ? 200 : 503));
    receivers.push(receiver);
    const sub = await subscribe(receiver.url, ['order.created']);
    await t.db.transaction((tx) => emitEvent(tx, 'order.created', { documentNumber: 1 }));
    await deliverUntil(async () => (await deliveriesOf(sub.id))[0]?.state === 'failed', { maxAttempts: 2 });
    const [failed] = await deliveriesOf(sub.id);
    expect(failed!.attempts).toBe(2);

    healthy = true;
    const retried = await call('POST', `/api/integration/webhook-deliveries/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ id: failed!.id, state: 'pending' });
    await deliverUntil(async () => (await stateOf(failed!.id)).state === 'delivered');
    const [done] = await deliveriesOf(sub.id);
    expect(done!.log.map((a) => a.statusCode)).toEqual([503, 503, 200]);
    expect((await call('POST', '/api/integration/webhook-deliveries/999999/retry')).statusCode).toBe(404);
  });

  it('disables a subscription after 8 events in a row failed, mails the operator, and delivers nothing to it afterwards', async () => {
    const receiver = await startReceiver(() => 500);
    receivers.push(receiver);
    const sub = await subscribe(receiver.url, ['order.status_changed']);
    for (let i = 0; i < 8; i++) await t.db.transaction((tx) => emitEvent(tx, 'order.status_changed', { n: i }));
    const subscription = async () => (await t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id)))[0]!;
    // Eight attempts each, with a 1 ms base: about 2 s of pauses.
    await deliverUntil(async () => (await subscription()).disabled);
    const row = await subscription();
    expect(row.consecutiveFailures).toBe(8);
    expect(row.disabledReason).toMatch(/8 events in a row/);
    const deliveries = await deliveriesOf(sub.id);
    expect(deliveries.map((d) => [d.state, d.attempts])).toEqual(Array.from({ length: 8 }, () => ['failed', 8]));
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `webhook-disabled:${sub.id}`));
    expect(mails.map((m) => m.toAddress)).toEqual(['operator@manufacturer.example.com']);
    expect(mails[0]!.textBody).not.toContain(sub.secret);

    const before = receiver.received.length;
    expect(await t.db.transaction((tx) => emitEvent(tx, 'order.status_changed', { n: 9 }))).toBeUndefined();
    await deliverDueWebhooks(t.db, options());
    expect(receiver.received.length).toBe(before);
    expect((await call('POST', `/api/integration/webhook-deliveries/${deliveries[0]!.id}/retry`)).statusCode).toBe(409);
  });

  it('delivers each event once when two workers run at the same time', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const sub = await subscribe(receiver.url, ['order.shipped']);
    for (let i = 0; i < 12; i++) await t.db.transaction((tx) => emitEvent(tx, 'order.shipped', { n: i }));
    await Promise.all([deliverDueWebhooks(t.db, options({ batchSize: 5 })), deliverDueWebhooks(t.db, options({ batchSize: 5 }))]);
    await deliverUntil(async () => (await deliveriesOf(sub.id)).every((d) => d.state === 'delivered'));
    const ids = receiver.received.map((r) => r.headers['portal-webhook-id']);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    await call('DELETE', `/api/integration/webhooks/${sub.id}`);
  });
});
