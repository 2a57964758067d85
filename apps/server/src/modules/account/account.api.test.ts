/**
 * Issue 36: the account statement, the invoice import and the credit limit at checkout, through
 * the API (and the command line's `import invoices`), on the demo seed.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, Statement } from '@portal/domain';
import { DEMO_CREDIT_LIMIT_CENTS } from '../../seed/invoices.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runPortal } from '../../test-support/portal-cli.js';
import { checkoutClient, ordersOf, type CheckoutClient } from '../checkout/checkout-test-support.js';
import { createApiKey } from '../integration/api-keys.js';
import { organizations } from '../organizations/schema.js';
import { invoices } from './schema.js';

let t: TestApp;
let key: string;
let tokens: Record<'admin' | 'buyer' | 'owner', string>;
let c: CheckoutClient;

beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'test ERP')).key;
  tokens = {
    admin: await t.login('admin@summitlift.example.com'),
    buyer: await t.login('buyer@summitlift.example.com'),
    owner: await t.login('owner@valleygarage.example.com'),
  };
  c = checkoutClient(t, tokens);
});
afterAll(() => t.close());

const integration = (method: 'PUT', url: string, payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method,
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
  });

const statementOf = async (user: keyof typeof tokens) => {
  const response = await t.request({ method: 'GET', url: '/api/account/statement', token: tokens[user] });
  return { status: response.statusCode, body: response.json() as Statement };
};

const invoiceRow = (invoiceNumber: string, overrides: Record<string, unknown> = {}) => ({
  invoiceNumber,
  organizationId: 2,
  documentNumber: null,
  invoiceDate: '2026-01-01',
  dueDate: '2026-01-31',
  amount: '100.00',
  balance: '100.00',
  status: 'open',
  ...overrides,
});

const portal = (argv: string[]) => runPortal(argv, async () => t.db);

describe('the statement', () => {
  it('shows the demo organization its credit, aging and invoices, the orders linked', async () => {
    const { status, body } = await statementOf('admin');
    expect(status).toBe(200);
    expect(body.creditLimit).toBe(DEMO_CREDIT_LIMIT_CENTS / 100);
    expect(body.invoices.length).toBeGreaterThanOrEqual(7);
    expect(body.aging.current).toBeGreaterThan(0);
    expect(body.aging.days1to30).toBeGreaterThan(0);
    expect(body.aging.days31to60).toBeGreaterThan(0);
    expect(body.aging.days61to90).toBeGreaterThan(0);
    expect(body.aging.over90).toBeGreaterThan(0);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(body.balance).toBe(sum(Object.values(body.aging)));
    expect(body.pastDue).toBe(sum([body.aging.days1to30, body.aging.days31to60, body.aging.days61to90, body.aging.over90]));
    expect(body.availableCredit).toBe(sum([body.creditLimit!, -body.balance, -body.uninvoicedOrders]));
    expect(body.invoices.some((i) => i.status === 'paid')).toBe(true);
    // The admin sees every branch's orders: each invoice's order is linked.
    expect(body.invoices.every((i) => i.orderLinked)).toBe(true);
  });

  it('never shows another organization its invoices, and refuses a user without the accounting role', async () => {
    const { status, body } = await statementOf('owner');
    expect(status).toBe(200);
    expect(body.creditLimit).toBeNull();
    expect(body.availableCredit).toBeNull();
    expect(body.invoices.filter((i) => i.invoiceNumber.startsWith('INV-'))).toEqual([]);
    expect((await statementOf('buyer')).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/account/statement' })).statusCode).toBe(401);
  });
});

describe('aging at the bucket edges', () => {
  it('ages each open balance by whole days past its due date: on the due date Current, 30 days late 1-30, 31 late 31-60, 90 late 61-90, 91 late Over 90', async () => {
    const manager = await t.login('manager@coastalauto.example.com');
    const day = (lateDays: number) => new Date(Date.now() - lateDays * 86_400_000).toISOString().slice(0, 10);
    // Organization 3, balances in powers of two so every bucket's sum names its invoices.
    const plan: [number, number][] = [
      [0, 1],
      [1, 2],
      [30, 4],
      [31, 8],
      [60, 16],
      [61, 32],
      [90, 64],
      [91, 128],
    ];
    const rows = plan.map(([late, dollars]) =>
      invoiceRow(`EDGE-${late}`, { organizationId: 3, invoiceDate: '2020-01-01', dueDate: day(late), amount: dollars, balance: dollars }),
    );
    expect((await integration('PUT', '/api/integration/invoices', rows)).statusCode).toBe(200);
    const response = await t.request({ method: 'GET', url: '/api/account/statement', token: manager });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Statement;
    expect(body.aging).toEqual({ current: 1, days1to30: 6, days31to60: 24, days61to90: 96, over90: 128 });
    expect(body).toMatchObject({ balance: 255, pastDue: 254 });
    expect(body.invoices.find((i) => i.invoiceNumber === 'EDGE-0')!.daysPastDue).toBe(0);
    expect(body.invoices.find((i) => i.invoiceNumber === 'EDGE-91')!.daysPastDue).toBe(91);
  });
});

describe('the invoice import', () => {
  it('checks the whole file first: one bad row and nothing is written, the error names the row', async () => {
    const response = await integration('PUT', '/api/integration/invoices', [
      invoiceRow('T-1'),
      invoiceRow('T-2', { organizationId: 99 }),
      invoiceRow('T-3', { dueDate: '2026-13-01' }),
      invoiceRow('T-1'),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().messages.map((m: { message: string }) => m.message)).toEqual([
      'Row 2: No organization has the id 99.',
      'Row 3: The due date must be a date written YYYY-MM-DD.',
      'Row 4: Invoice T-1 appears again (first at 1).',
    ]);
    expect(await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'T-1'))).toEqual([]);

    const csv =
      'invoiceNumber,organizationId,invoiceDate,dueDate,amount,balance,status\nT-9,2,2026-01-01,2026-01-31,10.00,10.00,open\nT-10,2,2026-01-01,2026-01-31,10.00,20.00,open\n';
    const refused = await integration('PUT', '/api/integration/invoices', csv, 'text/csv');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toEqual([{ field: 'balance', message: 'Line 3: The balance is more than the amount.' }]);
    expect(await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'T-9'))).toEqual([]);
  });

  it('upserts by invoice number, idempotently, and the statement of that organization shows them', async () => {
    const rows = [invoiceRow('VG-1'), invoiceRow('VG-2', { dueDate: '2099-01-31', amount: 50, balance: 20 })];
    const first = await integration('PUT', '/api/integration/invoices', rows);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json() as ImportResult).toMatchObject({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    const again = await integration('PUT', '/api/integration/invoices', rows);
    expect(again.json() as ImportResult).toMatchObject({ rows: 2, inserted: 0, updated: 0, unchanged: 2 });
    const paid = await integration('PUT', '/api/integration/invoices', [invoiceRow('VG-1', { balance: 0, status: 'paid' })]);
    expect(paid.json() as ImportResult).toMatchObject({ inserted: 0, updated: 1 });

    const { body } = await statementOf('owner');
    expect(body.invoices.map((i) => [i.invoiceNumber, i.status, i.balance])).toEqual([
      ['VG-2', 'open', 20],
      ['VG-1', 'paid', 0],
    ]);
    expect(body).toMatchObject({ balance: 20, pastDue: 0, aging: { current: 20 } });
    // Organization 1 never sees them.
    expect((await statementOf('admin')).body.invoices.some((i) => i.invoiceNumber.startsWith('VG-'))).toBe(false);
  });

  it('imports a CSV file from the command line, and refuses a bad one naming its line', async () => {
    const dir = os.tmpdir();
    const good = path.join(dir, `invoices-${process.pid}-good.csv`);
    await writeFile(
      good,
      'invoiceNumber,organizationId,documentNumber,invoiceDate,dueDate,amount,balance,status\nCLI-1,3,,2026-02-01,2026-03-03,1234.50,1234.50,open\n',
    );
    expect(await portal(['import', 'invoices', good])).toMatchObject({
      code: 0,
      out: `${good}: 1 rows: 1 inserted, 0 updated, 0 unchanged.`,
    });
    expect(await portal(['import', 'invoices', good])).toMatchObject({
      code: 0,
      out: `${good}: 1 rows: 0 inserted, 0 updated, 1 unchanged.`,
    });
    const bad = path.join(dir, `invoices-${process.pid}-bad.csv`);
    await writeFile(
      bad,
      'invoiceNumber,organizationId,invoiceDate,dueDate,amount,balance,status\nCLI-2,3,2026-02-01,2026-03-03,5,5,open\nCLI-3,3,2026-02-01,2026-03-03,5,5,late\n',
    );
    const refused = await portal(['import', 'invoices', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Line 3: The status must be open, paid or void.');
    expect(await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'CLI-2'))).toEqual([]);
  });

  it('sets and clears a credit limit', async () => {
    expect((await integration('PUT', '/api/integration/organizations/2/credit', { creditLimit: '1500.25' })).json()).toEqual({
      organizationId: 2,
      creditLimit: 1500.25,
    });
    expect((await statementOf('owner')).body).toMatchObject({ creditLimit: 1500.25, availableCredit: 1480.25 });
    expect((await integration('PUT', '/api/integration/organizations/2/credit', { creditLimit: null })).statusCode).toBe(200);
    expect((await statementOf('owner')).body.creditLimit).toBeNull();
    expect((await integration('PUT', '/api/integration/organizations/999/credit', { creditLimit: 1 })).statusCode).toBe(404);
  });
});

describe('credit at checkout', () => {
  /** A checkout of the admin's on account, ready to complete; answers its confirmation number and total in cents. */
  async function onAccountCheckout(): Promise<{ confirmationNumber: string; cents: number }> {
    const created = await c.create('admin');
    const updated = await c.update('admin', created.confirmationNumber, { onAccount: true });
    expect(updated.statusCode, updated.body).toBe(200);
    const record = await c.record('admin', created.confirmationNumber);
    return { confirmationNumber: created.confirmationNumber, cents: Math.round(record.cart.grandTotal * 100) };
  }

  /** Sets organization 1's limit so that exactly `headroomCents` of credit is left. */
  async function leaveHeadroom(headroomCents: number) {
    const { body } = await statementOf('admin');
    const usedCents = Math.round((body.balance + body.uninvoicedOrders) * 100);
    await t.db
      .update(organizations)
      .set({ creditLimitCents: usedCents + headroomCents })
      .where(eq(organizations.id, 1));
  }

  it('refuses an on-account order beyond the available credit with 422, code 8002 and the contract words', async () => {
    const { confirmationNumber, cents } = await onAccountCheckout();
    await leaveHeadroom(cents - 1);
    const refused = await c.complete('admin', confirmationNumber);
    expect(refused.statusCode).toBe(422);
    const available = ((cents - 1) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(refused.json()).toEqual({
      code: 8002,
      messages: [{ field: '', message: `This order exceeds your available credit of ${available}.` }],
    });
    expect(await ordersOf(t, confirmationNumber)).toEqual([]);
    // The credit summary the cart warns with says the same.
    const credit = await t.request({ method: 'GET', url: '/api/account/credit', token: tokens.admin });
    expect(credit.json()).toMatchObject({ availableCredit: (cents - 1) / 100 });

    await leaveHeadroom(cents);
    expect((await c.complete('admin', confirmationNumber)).statusCode).toBe(200);
    expect(await ordersOf(t, confirmationNumber)).toHaveLength(1);
  });

  it('lets exactly one of two concurrent on-account orders through when only one fits', async () => {
    const first = await onAccountCheckout();
    const second = await onAccountCheckout();
    await leaveHeadroom(Math.max(first.cents, second.cents) + Math.min(first.cents, second.cents) - 1);
    const answers = await Promise.all([c.complete('admin', first.confirmationNumber), c.complete('admin', second.confirmationNumber)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().code).toBe(8002);
    const placed = (await ordersOf(t, first.confirmationNumber)).length + (await ordersOf(t, second.confirmationNumber)).length;
    expect(placed).toBe(1);
  });

  it('takes any on-account order of an organization without a limit', async () => {
    await t.db.update(organizations).set({ creditLimitCents: null }).where(eq(organizations.id, 1));
    const { confirmationNumber } = await onAccountCheckout();
    expect((await c.complete('admin', confirmationNumber)).statusCode).toBe(200);
    await t.db.update(organizations).set({ creditLimitCents: DEMO_CREDIT_LIMIT_CENTS }).where(eq(organizations.id, 1));
  });
});
