import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { OrderDetail } from '@portal/domain';
import { devMailbox, mailOutbox } from '../mail/schema.js';
import { orderLines, orders, enqueueOrderConfirmation } from '../orders/index.js';
import { users } from '../users/index.js';
import { FEATURED_ORDERS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDevMailboxTransport } from '../mail/transport.js';
import { deliverDueMail } from '../mail/worker.js';
import { insertOrder, userIdOf } from '../orders/order-fixtures.js';
import { createApiKey, revokeApiKey } from './api-keys.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';

let t: TestApp;
let key: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'test ERP')).key;
  adminToken = await t.login(ADMIN);
});
afterAll(() => t.close());

/** As the ERP calls: API key, no cookies, no XSRF header. */
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, apiKey: string | null = key) =>
  t.app.inject({ method, url, payload, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });

const outboxFor = (documentNumber: number, kind: string) =>
  t.db
    .select({
      to: mailOutbox.toAddress,
      key: mailOutbox.dedupeKey,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
    })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `order-${kind}:${documentNumber}:%`))
    .orderBy(mailOutbox.toAddress);

const orderRow = async (documentNumber: number) => (await t.db.select().from(orders).where(eq(orders.documentNumber, documentNumber)))[0]!;

describe('authentication', () => {
  it('refuses a call without a key, with a wrong key and with a revoked key', async () => {
    const url = `/api/integration/orders/${FEATURED_ORDERS.processing[0]}/status`;
    expect((await call('POST', url, { statusCode: 30 }, null)).statusCode).toBe(401);
    expect((await call('POST', url, { statusCode: 30 }, 'dpk_wrong')).statusCode).toBe(401);
    const revoked = await createApiKey(t.db, 'old key');
    await revokeApiKey(t.db, revoked.id);
    expect((await call('POST', url, { statusCode: 30 }, revoked.key)).json()).toEqual({
      messages: [{ field: '', message: 'The API key is not valid.' }],
    });
  });

  it('does not accept a session token as an API key, nor an API key as a session', async () => {
    expect((await call('GET', '/api/integration/orders?since=2020-01-01T00:00:00Z', undefined, adminToken)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/orders/open', payload: { branchNumber: 101 }, token: key })).statusCode).toBe(401);
  });
});

describe('status and expected ship date', () => {
  it('sets the status code and the expected ship date, without XSRF token', async () => {
    const n = FEATURED_ORDERS.processing[0];
    const response = await call('POST', `/api/integration/orders/${n}/status`, { statusCode: 40, expectedShipDate: '2030-01-15' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ documentNumber: n, statusCode: 40, expectedShipDate: '2030-01-15' });
    const put = await call('PUT', `/api/integration/orders/${n}/expected-ship-date`, { expectedShipDate: '2030-02-01' });
    expect(put.json()).toEqual({ documentNumber: n, statusCode: 40, expectedShipDate: '2030-02-01' });
    const seen = (await t.request({ method: 'GET', url: `/api/orders/detail/${n}`, token: adminToken })).json() as OrderDetail;
    expect(seen).toMatchObject({ statusCode: 40, expectedShipDate: '2030-02-01' });
  });

  it('records the cancellation time, so Recent Orders lists the order as cancelled', async () => {
    const { documentNumber } = await insertOrder(t.db, { statusCode: 20, enteredAt: new Date(Date.now() - 5 * 86_400_000) });
    await call('POST', `/api/integration/orders/${documentNumber}/status`, { statusCode: -10 });
    const row = await orderRow(documentNumber);
    expect(row.cancelledAt).not.toBeNull();
    const recent = await t.request({
      method: 'POST',
      url: '/api/orders/recent',
      token: adminToken,
      payload: { branchNumber: 101, timeFrame: 1, updateType: 'cancelled', timeZone: 'UTC' },
    });
    expect(recent.json().orders.map((o: { documentNumber: number }) => o.documentNumber)).toContain(documentNumber);
  });

  it('validates the body and answers 404 for an unknown order', async () => {
    expect((await call('POST', '/api/integration/orders/999999999/status', { statusCode: 30 })).statusCode).toBe(404);
    const bad = await call('POST', `/api/integration/orders/${FEATURED_ORDERS.processing[1]}/status`, { statusCode: 500 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([{ field: 'statusCode', message: 'The status code must be between -10 and 100.' }]);
    const date = await call('PUT', `/api/integration/orders/${FEATURED_ORDERS.processing[1]}/expected-ship-date`, {
      expectedShipDate: '15/01/2030',
    });
    expect(date.json().messages).toEqual([{ field: 'expectedShipDate', message: 'A date must be written YYYY-MM-DD.' }]);
  });
});

describe('order emails', () => {
  it('mails the confirmation to company subscribers and to owned subscribers of their own orders', async () => {
    const buyerId = await userIdOf(t.db, BUYER);
    const adminId = await userIdOf(t.db, ADMIN);
    const byBuyer = await insertOrder(t.db, { enteredByUserId: buyerId, purchaseOrderNumber: 'PO-CONF-1', orderCents: 12345 });
    expect(await enqueueOrderConfirmation(t.db, byBuyer.id)).toBe(2);
    expect(await enqueueOrderConfirmation(t.db, byBuyer.id)).toBe(2); // a repeat changes nothing in the outbox
    const mails = await outboxFor(byBuyer.documentNumber, 'confirmation');
    expect(mails.map((m) => [m.to, m.key])).toEqual([
      [ADMIN, `order-confirmation:${byBuyer.documentNumber}:user:${adminId}`],
      [BUYER, `order-confirmation:${byBuyer.documentNumber}:user:${buyerId}`],
    ]);
    expect(mails[0]!.subject).toBe(`Order confirmation: Order ${byBuyer.documentNumber} (PO PO-CONF-1)`);
    expect(mails[0]!.text).toContain('Grand total: $123.45');
    expect(mails[0]!.text).toContain('2 x FIXTURE-1 Fixture item');

    // Entered by the admin: the buyer's "owned" subscription does not cover it.
    const byAdmin = await insertOrder(t.db, { enteredByUserId: adminId });
    await enqueueOrderConfirmation(t.db, byAdmin.id);
    expect((await outboxFor(byAdmin.documentNumber, 'confirmation')).map((m) => m.to)).toEqual([ADMIN]);
  });

  it('never mails dealer cost to a restrictedPricing subscriber, and skips inactive users', async () => {
    await t.db.update(users).set({ subConfirmation: 'company' }).where(eq(users.email, VIEWER));
    await t.db.update(users).set({ subConfirmation: 'company' }).where(eq(users.email, 'inactive@summitlift.example.com'));
    const order = await insertOrder(t.db, { orderCents: 99999 });
    await enqueueOrderConfirmation(t.db, order.id);
    const mails = await outboxFor(order.documentNumber, 'confirmation');
    expect(mails.map((m) => m.to)).toEqual([ADMIN, VIEWER]);
    expect(mails.find((m) => m.to === VIEWER)!.text).not.toContain('$');
    // Each body is its recipient's greeting before the same order text, less the amounts for the viewer.
    const [admin, viewer] = mails;
    const firstNames = await t.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(inArray(users.email, [ADMIN, VIEWER]));
    const firstNameOf = (email: string) => firstNames.find((u) => u.email === email)!.firstName;
    expect(admin!.text.split('\n')[0]).toBe(`Hello ${firstNameOf(ADMIN)},`);
    expect(viewer!.text.split('\n')[0]).toBe(`Hello ${firstNameOf(VIEWER)},`);
    expect(admin!.html!.split('\n')[0]).toBe(`<p>Hello ${firstNameOf(ADMIN)},</p>`);
    expect(admin!.html!.split('\n')[1]).toMatch(new RegExp(`^<p>Thank you for your order! Order ${order.documentNumber} was placed on `));
    const withoutAmounts = (body: string) =>
      body
        .split('\n')
        .slice(1)
        .filter((line) => !/Grand total/.test(line));
    expect(admin!.text).toContain('Grand total: $999.99');
    expect(viewer!.text.split('\n').slice(1)).toEqual(withoutAmounts(admin!.text));
    expect(viewer!.html!.split('\n').slice(1)).toEqual(withoutAmounts(admin!.html!));
    await t.db.update(users).set({ subConfirmation: '' }).where(eq(users.email, VIEWER));
  });

  it('mails the shipment notice once per shipment, with tracking links, and updates quantities and status', async () => {
    const buyerId = await userIdOf(t.db, BUYER);
    const order = await insertOrder(t.db, { enteredByUserId: buyerId, statusCode: 30 });
    await t.db
      .insert(orderLines)
      .values({ orderId: order.id, lineNumber: 2, sku: 'FIXTURE-2', description: 'Second item', quantityOrdered: 1, priceCents: 500 });
    const url = `/api/integration/orders/${order.documentNumber}/shipments`;

    const first = await call('POST', url, {
      scac: 'UPSN',
      shippedDate: '2030-03-01',
      packages: [{ trackingNumber: '1ZTEST0001' }, { trackingNumber: '1ZTEST0002' }],
      lines: [{ lineNumber: 1, quantityShipped: 2 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().statusCode).toBe(55);
    let mails = await outboxFor(order.documentNumber, 'shipment');
    expect(mails.map((m) => m.to)).toEqual([ADMIN, BUYER]);
    expect(mails[0]!.key).toMatch(new RegExp(`^order-shipment:${order.documentNumber}:0:user:\\d+$`));
    expect(mails[0]!.text).toContain('Track 1ZTEST0001: https://www.ups.com/track?tracknum=1ZTEST0001');

    // The ERP retries the same call: nothing doubles.
    await call('POST', url, {
      shipmentNumber: 0,
      scac: 'UPSN',
      shippedDate: '2030-03-01',
      packages: [{ trackingNumber: '1ZTEST0001' }, { trackingNumber: '1ZTEST0002' }],
      lines: [{ lineNumber: 1, quantityShipped: 2 }],
    });
    expect(await outboxFor(order.documentNumber, 'shipment')).toHaveLength(2);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.lineNumber);
    expect(lines.map((l) => l.quantityShipped)).toEqual([2, 0]);

    // The second shipment completes the order.
    const second = await call('POST', url, {
      scac: 'ODFL',
      packages: [{ trackingNumber: '0123456789' }],
      lines: [{ lineNumber: 2, quantityShipped: 1 }],
    });
    expect(second.json().statusCode).toBe(60);
    mails = await outboxFor(order.documentNumber, 'shipment');
    expect(mails).toHaveLength(4);
    const detail = (
      await t.request({ method: 'GET', url: `/api/orders/detail/${order.documentNumber}`, token: adminToken })
    ).json() as OrderDetail;
    expect(detail.shipments.map((s) => [s.shipmentNumber, s.scacLabel, s.packages.length])).toEqual([
      [0, 'UPS', 2],
      [1, 'Old Dominion Freight Line', 1],
    ]);
    expect(detail.shipments[1]!.packages[0]!.trackingUrl).toContain('odfl.com');
    expect(detail.lines.map((l) => l.quantityShipped)).toEqual([2, 1]);
    expect(detail.statusDates.shipped).not.toBeNull();
  });

  it('keeps a pending shipment silent until it ships, and refuses unknown lines', async () => {
    const order = await insertOrder(t.db, { statusCode: 30 });
    const url = `/api/integration/orders/${order.documentNumber}/shipments`;
    const pending = await call('POST', url, {
      statusCode: 30,
      expectedShipDate: '2030-04-01',
      scac: 'SAIA',
      lines: [{ lineNumber: 1, quantityShipped: 2 }],
    });
    expect(pending.json().statusCode).toBe(30);
    expect(await outboxFor(order.documentNumber, 'shipment')).toHaveLength(0);
    const bad = await call('POST', url, { scac: 'SAIA', lines: [{ lineNumber: 9, quantityShipped: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([{ field: 'lines.0.lineNumber', message: `Order ${order.documentNumber} has no line 9.` }]);
    await call('POST', url, { shipmentNumber: 0, scac: 'SAIA', lines: [{ lineNumber: 1, quantityShipped: 2 }] });
    expect(await outboxFor(order.documentNumber, 'shipment')).toHaveLength(1); // admin only: not the buyer's order
  });

  it('mails the invoice notice once when the order reaches Invoiced, by status or by invoice', async () => {
    const buyerId = await userIdOf(t.db, BUYER);
    const byStatus = await insertOrder(t.db, { enteredByUserId: buyerId, statusCode: 60 });
    await call('POST', `/api/integration/orders/${byStatus.documentNumber}/status`, { statusCode: 70 });
    await call('POST', `/api/integration/orders/${byStatus.documentNumber}/status`, { statusCode: 80 });
    // The buyer's invoice subscription is none: only the admin (company) gets it.
    expect((await outboxFor(byStatus.documentNumber, 'invoice')).map((m) => m.to)).toEqual([ADMIN]);
    expect((await orderRow(byStatus.documentNumber)).invoicedAt).not.toBeNull();

    const byInvoice = await insertOrder(t.db, { statusCode: 60 });
    const response = await call('POST', `/api/integration/orders/${byInvoice.documentNumber}/invoice`, {
      invoiceNumber: 'INV-77',
      taxAmount: 12.5,
      orderAmount: 250,
    });
    expect(response.json()).toMatchObject({ statusCode: 70 });
    await call('POST', `/api/integration/orders/${byInvoice.documentNumber}/invoice`, { invoiceNumber: 'INV-77' });
    const mails = await outboxFor(byInvoice.documentNumber, 'invoice');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('on invoice INV-77');
    expect(mails[0]!.text).toContain('Invoice total: $250.00 (tax $12.50)');
    const row = await orderRow(byInvoice.documentNumber);
    expect([row.taxCents, row.orderCents]).toEqual([1250, 25000]);
  });

  it('refuses to invoice a cancelled order', async () => {
    const order = await insertOrder(t.db, { statusCode: -10 });
    const response = await call('POST', `/api/integration/orders/${order.documentNumber}/invoice`, {});
    expect(response.statusCode).toBe(400);
  });

  it('delivers each order email exactly once, even with two workers at the same time', async () => {
    const transport = createDevMailboxTransport(t.db);
    const [a, b] = await Promise.all([
      deliverDueMail(t.db, transport, { batchSize: 500 }),
      deliverDueMail(t.db, transport, { batchSize: 500 }),
    ]);
    expect(a + b).toBeGreaterThan(0);
    await deliverDueMail(t.db, transport, { batchSize: 500 });
    const [{ outbox }] = (await t.db.execute(sql`select count(*)::int as outbox from mail_outbox where dedupe_key like 'order-%'`))
      .rows as [{ outbox: number }];
    const [{ delivered }] = (
      await t.db.execute(
        sql`select count(*)::int as delivered from dev_mailbox where subject ~ '^(Order confirmation|Shipment [0-9]+|Invoice): '`,
      )
    ).rows as [{ delivered: number }];
    expect(delivered).toBe(outbox);
    const perMessage = await t.db.execute(
      sql`select to_address, subject, count(*)::int as n from dev_mailbox group by to_address, subject having count(*) > 1`,
    );
    expect(perMessage.rows).toEqual([]);
    const buyerMail = await t.db
      .select()
      .from(devMailbox)
      .where(and(eq(devMailbox.toAddress, BUYER), like(devMailbox.subject, 'Shipment %')));
    expect(buyerMail.length).toBeGreaterThan(0);
  });
});

describe('GET /api/integration/orders', () => {
  it('lists orders placed since a time, oldest first, page by page without gaps or repeats', async () => {
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const seen: number[] = [];
    let query = `since=${encodeURIComponent(since)}&limit=7`;
    for (let page = 0; page < 100; page++) {
      const response = await call('GET', `/api/integration/orders?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        orders: { documentNumber: number; enteredAt: string; organizationName: string; lines: unknown[] }[];
        next: { since: string; afterDocumentNumber: number } | null;
      };
      for (const o of body.orders) {
        expect(new Date(o.enteredAt).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());
        expect(o.lines.length).toBeGreaterThan(0);
        seen.push(o.documentNumber);
      }
      if (!body.next) break;
      query = `since=${encodeURIComponent(body.next.since)}&afterDocumentNumber=${body.next.afterDocumentNumber}&limit=7`;
    }
    const expected = await t.db
      .select({ n: orders.documentNumber })
      .from(orders)
      .where(sql`${orders.enteredAt} >= ${since}::timestamptz`)
      .orderBy(orders.enteredAt, orders.documentNumber);
    expect(seen).toEqual(expected.map((r) => r.n));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('needs a valid since', async () => {
    const response = await call('GET', '/api/integration/orders?since=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0].field).toBe('since');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/integration/orders',
        '/api/integration/orders/{documentNumber}/status',
        '/api/integration/orders/{documentNumber}/expected-ship-date',
        '/api/integration/orders/{documentNumber}/shipments',
        '/api/integration/orders/{documentNumber}/invoice',
      ]),
    );
  });
});
