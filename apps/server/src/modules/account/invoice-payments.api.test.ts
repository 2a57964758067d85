/**
 * Issue 36 'Pay Selected': invoices paid by card through the (simulated) payment gateway, with
 * checkout's guarantees: one and several invoices, a declined card, a doubled request (concurrent,
 * and retried with an Idempotency-Key), the receipt and the `invoice.paid` event, the integration
 * paging, the invoice PDF, the start-up reconciliation, and scoping and roles.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePayment, Statement } from '@portal/domain';
import { testConfig } from '../../config.js';
import { createPaymentGateway } from '../../payments/create-gateway.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { createApiKey } from '../integration/api-keys.js';
import { mailOutbox } from '../mail/index.js';
import { createSubscription } from '../webhooks/index.js';
import { webhookEvents } from '../webhooks/schema.js';
import { reconcileInvoicePayments } from './payments.js';
import { invoicePayments, invoices } from './schema.js';

let t: TestApp;
let key: string;
let tokens: Record<'admin' | 'buyer' | 'owner', string>;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'payments ERP')).key;
  tokens = {
    admin: await t.login('admin@summitlift.example.com'),
    buyer: await t.login('buyer@summitlift.example.com'),
    owner: await t.login('owner@valleygarage.example.com'),
  };
  await createSubscription(t.db, { url: 'http://127.0.0.1:9/paid', events: ['invoice.paid'] }, { allowInternal: true });
});
afterAll(() => t.close());

const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';

/** Fresh open invoices of organization 1 (or `organizationId`), `amount` dollars each. */
async function newInvoices(count: number, amount = '250.00', organizationId = 1): Promise<string[]> {
  const numbers = Array.from({ length: count }, () => `PAYT-${++counter}-${Date.now()}`);
  const rows = numbers.map((invoiceNumber) => ({
    invoiceNumber,
    organizationId,
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    amount,
    balance: amount,
    status: 'open',
  }));
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/integration/invoices',
    payload: rows,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return numbers;
}

const pay = (invoiceNumbers: string[], user: keyof typeof tokens = 'admin', idempotencyKey?: string) =>
  t.request({
    method: 'POST',
    url: '/api/account/invoice-payments',
    token: tokens[user],
    payload: { invoiceNumbers },
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });

const confirm = (payment: InvoicePayment, cardNumber: string, user: keyof typeof tokens = 'admin') =>
  t.request({
    method: 'POST',
    url: `/api/simulated-gateway/invoice-payments/${payment.paymentNumber}/confirm`,
    token: tokens[user],
    payload: { clientSecret: payment.paymentIntentSecret, cardNumber, expiry: '12 / 34', cvc: '123' },
  });

const complete = (paymentNumber: string, user: keyof typeof tokens = 'admin') =>
  t.request({ method: 'POST', url: `/api/account/invoice-payments/${paymentNumber}/complete`, token: tokens[user] });

async function started(invoiceNumbers: string[]): Promise<InvoicePayment> {
  const response = await pay(invoiceNumbers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InvoicePayment;
}

const invoiceRows = (numbers: string[]) => t.db.select().from(invoices).where(inArray(invoices.invoiceNumber, numbers));
const receiptsOf = (paymentNumber: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `invoice-payment-receipt:${paymentNumber}`));
const paidEventsOf = (invoiceNumber: string) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.type, 'invoice.paid'), sql`${webhookEvents.data}->>'invoiceNumber' = ${invoiceNumber}`));

describe('paying invoices', () => {
  it('pays one invoice: the balance is paid at once, one receipt to the payer, one invoice.paid event', async () => {
    const [number] = await newInvoices(1, '123.45');
    const payment = await started([number!]);
    expect(payment).toMatchObject({ status: 'pending', amount: 123.45, invoiceNumbers: [number] });
    expect(payment.paymentNumber).toMatch(/^PAY-[A-Z0-9]{10}$/);

    const confirmed = await confirm(payment, GOOD);
    expect(confirmed.json()).toEqual({ status: 'succeeded', error: null });
    const done = await complete(payment.paymentNumber);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', amount: 123.45, paymentIntentSecret: '' });

    const [row] = await invoiceRows([number!]);
    expect(row).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(row!.paidAt).not.toBeNull();
    const statement = (await t.request({ method: 'GET', url: '/api/account/statement', token: tokens.admin })).json() as Statement;
    expect(statement.invoices.find((i) => i.invoiceNumber === number)).toMatchObject({ status: 'paid', balance: 0 });

    // Repeats answer the same and record nothing twice.
    expect((await complete(payment.paymentNumber)).json()).toMatchObject({ status: 'succeeded' });
    const receipts = await receiptsOf(payment.paymentNumber);
    expect(receipts.map((r) => r.toAddress)).toEqual(['admin@summitlift.example.com']);
    expect(receipts[0]!.textBody).toContain('$123.45');
    const events = await paidEventsOf(number!);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      invoiceNumber: number,
      organizationId: 1,
      amountPaid: 123.45,
      balance: 0,
      paymentNumber: payment.paymentNumber,
    });
  });

  it('pays several invoices with one card payment of their balances together', async () => {
    const numbers = await newInvoices(3, '100.10');
    const payment = await started(numbers);
    expect(payment.amount).toBe(300.3);
    await confirm(payment, GOOD);
    expect((await complete(payment.paymentNumber)).statusCode).toBe(200);
    const rows = await invoiceRows(numbers);
    expect(rows.map((r) => [r.status, r.balanceCents])).toEqual(numbers.map(() => ['paid', 0]));
    for (const n of numbers) expect(await paidEventsOf(n)).toHaveLength(1);
  });

  it('a declined card pays nothing; the same payment then goes through with another card', async () => {
    const [number] = await newInvoices(1);
    const payment = await started([number!]);
    const declined = await confirm(payment, DECLINED);
    expect(declined.json()).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const refused = await complete(payment.paymentNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ messages: [{ field: '', message: 'The card payment has not gone through.' }] });
    expect((await invoiceRows([number!]))[0]).toMatchObject({ status: 'open', balanceCents: 25000 });
    expect(await receiptsOf(payment.paymentNumber)).toHaveLength(0);

    await confirm(payment, GOOD);
    expect((await complete(payment.paymentNumber)).statusCode).toBe(200);
    expect((await invoiceRows([number!]))[0]).toMatchObject({ status: 'paid', balanceCents: 0 });
  });

  it('refuses an invoice already paid or not open (409) and one that does not exist (404)', async () => {
    const [number] = await newInvoices(1);
    const payment = await started([number!]);
    await confirm(payment, GOOD);
    await complete(payment.paymentNumber);
    const again = await pay([number!]);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].message).toBe(`Invoice ${number} is not open.`);
    const missing = await pay(['NO-SUCH-INVOICE']);
    expect(missing.statusCode).toBe(404);
    expect((await pay([])).statusCode).toBe(400);
  });
});

describe('a doubled payment request pays once', () => {
  it('two requests at once: at most one card payment can go through, and it is recorded once', async () => {
    const [number] = await newInvoices(1, '80.00');
    const answers = await Promise.all([pay([number!]), pay([number!])]);
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json() as InvoicePayment);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    // The page confirms whichever answers it got: only one intent can still be paid.
    const results = await Promise.all(ok.map((p) => confirm(p, GOOD)));
    expect(results.filter((r) => r.json().status === 'succeeded')).toHaveLength(1);
    await Promise.all(ok.map((p) => complete(p.paymentNumber)));
    const succeeded = await t.db
      .select()
      .from(invoicePayments)
      .where(
        and(
          inArray(
            invoicePayments.paymentNumber,
            ok.map((p) => p.paymentNumber),
          ),
          eq(invoicePayments.status, 'succeeded'),
        ),
      );
    expect(succeeded).toHaveLength(1);
    expect((await invoiceRows([number!]))[0]).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(await paidEventsOf(number!)).toHaveLength(1);
  });

  it('a retry after the first answer gives the first payment up: its card payment can no longer go through', async () => {
    const [number] = await newInvoices(1);
    const first = await started([number!]);
    const second = await started([number!]);
    expect(second.paymentNumber).not.toBe(first.paymentNumber);
    const late = await confirm(first, GOOD);
    expect(late.statusCode).toBe(409);
    expect((await complete(first.paymentNumber)).statusCode).toBe(409);
    await confirm(second, GOOD);
    expect((await complete(second.paymentNumber)).statusCode).toBe(200);
  });

  it('a first payment paid meanwhile is recorded, not charged again, when a new one is asked for', async () => {
    const [number] = await newInvoices(1);
    const first = await started([number!]);
    await confirm(first, GOOD); // paid, but the page never completed it
    const again = await pay([number!]);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].message).toBe(`Invoice ${number} is not open.`);
    const [row] = await t.db.select().from(invoicePayments).where(eq(invoicePayments.paymentNumber, first.paymentNumber));
    expect(row!.status).toBe('succeeded');
    expect(await receiptsOf(first.paymentNumber)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the first payment again', async () => {
    const [number] = await newInvoices(1);
    const idempotencyKey = `pay-${number}`;
    const first = await pay([number!], 'admin', idempotencyKey);
    const second = await pay([number!], 'admin', idempotencyKey);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await t.db
      .select()
      .from(invoicePayments)
      .innerJoin(sql`invoice_payment_lines l`, sql`l.payment_id = ${invoicePayments.id}`)
      .innerJoin(invoices, sql`${invoices.id} = l.invoice_id`)
      .where(eq(invoices.invoiceNumber, number!));
    expect(rows).toHaveLength(1);
    await confirm(first.json() as InvoicePayment, GOOD);
    expect((await complete(first.json().paymentNumber)).statusCode).toBe(200);
  });

  it('records at start-up a payment that went through while nobody completed it', async () => {
    const [number] = await newInvoices(1);
    const payment = await started([number!]);
    await confirm(payment, GOOD);
    const gateway = createPaymentGateway(testConfig(), t.db).gateway;
    expect(await reconcileInvoicePayments({ db: t.db, gateway })).toBeGreaterThanOrEqual(1);
    expect((await invoiceRows([number!]))[0]).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(await reconcileInvoicePayments({ db: t.db, gateway })).toBe(0);
  });
});

describe('for the manufacturer', () => {
  it('pages the payments made in the portal like the orders', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const numbers = await newInvoices(2);
    for (const n of numbers) {
      const p = await started([n]);
      await confirm(p, GOOD);
      await complete(p.paymentNumber);
    }
    const seen: string[] = [];
    let query = `since=${encodeURIComponent(since)}&limit=1`;
    for (let page = 0; page < 50; page++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/integration/invoice-payments?${query}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      for (const p of body.payments) seen.push(...p.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber));
      if (!body.next) break;
      query = `since=${encodeURIComponent(body.next.since)}&afterPaymentNumber=${body.next.afterPaymentNumber}&limit=1`;
    }
    for (const n of numbers) expect(seen.filter((s) => s === n)).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/integration/invoice-payments?since=yesterday',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('scoping and roles', () => {
  it('another organization answers 404; a user without the accounting role 403', async () => {
    const [number] = await newInvoices(1);
    const payment = await started([number!]);
    expect((await pay([number!], 'owner')).statusCode).toBe(404);
    expect((await complete(payment.paymentNumber, 'owner')).statusCode).toBe(404);
    expect((await confirm(payment, GOOD, 'owner')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/account/invoices/${number}/pdf`, token: tokens.owner })).statusCode).toBe(404);
    expect((await pay([number!], 'buyer')).statusCode).toBe(403);
    expect((await complete(payment.paymentNumber, 'buyer')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/account/invoices/${number}/pdf`, token: tokens.buyer })).statusCode).toBe(403);
    expect((await invoiceRows([number!]))[0]).toMatchObject({ status: 'open' });
  });
});

describe('the invoice PDF', () => {
  it('is a PDF of the invoice with its figures', async () => {
    const [row] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, 1), like(invoices.invoiceNumber, 'INV-%')))
      .limit(1);
    const response = await t.request({ method: 'GET', url: `/api/account/invoices/${row!.invoiceNumber}/pdf`, token: tokens.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${row!.invoiceNumber}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Invoice ${row!.invoiceNumber}`);
    expect(text).toContain('Due Date');
  });
});
