import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatMoney } from '@portal/domain/rules';
import type { OrderDetail } from '@portal/domain';
import { users } from '../users/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertOrder } from './order-fixtures.js';
import { pdfText } from '../../test-support/pdf-text.js';

let t: TestApp;
let admin: string;
let buyer: string;
let viewer: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer, viewer, owner] = await Promise.all([
    t.login('admin@summitlift.example.com'),
    t.login('buyer@summitlift.example.com'),
    t.login('viewer@summitlift.example.com'),
    t.login('owner@valleygarage.example.com'),
  ]);
});
afterAll(() => t.close());

const pdf = (token: string, id: number | string, query?: Record<string, string>) =>
  t.request({ method: 'GET', url: `/api/orders/detail/${id}/pdf`, token, query });
const detail = async (token: string, id: number) =>
  (await t.request({ method: 'GET', url: `/api/orders/detail/${id}`, token })).json() as OrderDetail;

async function textOf(token: string, id: number): Promise<string> {
  const response = await pdf(token, id);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="order-${id}.pdf"`);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(response.rawPayload);
}

describe('GET /api/orders/detail/{id}/pdf', () => {
  it("prints the order's header, addresses, lines, charges, totals, shipments and tracking numbers", async () => {
    const order = await detail(admin, 3910114);
    const text = await textOf(admin, 3910114);
    expect(text).toContain('Order 3910114');
    expect(text).toContain(order.shipToAddress.name);
    expect(text).toContain(order.billToAddress.name);
    for (const line of order.lines) {
      expect(text).toContain(line.vendorProduct);
      expect(text).toContain(formatMoney(line.price));
    }
    expect(text).toContain('Order Total');
    expect(text).toContain(formatMoney(order.totals.orderAmount));
    expect(text).toContain(formatMoney(order.totals.taxAmount));
    expect(order.shipments.length).toBe(2);
    for (const shipment of order.shipments) {
      expect(text).toContain(`Shipment ${shipment.shipmentNumber + 1}`);
      for (const p of shipment.packages) expect(text).toContain(p.trackingNumber);
    }
    // Not invoiced: no invoice document.
    expect(text).not.toContain('Invoice Total');
  });

  it('adds the invoice to an invoiced order', async () => {
    const order = await detail(admin, 3910119);
    const text = await textOf(admin, 3910119);
    expect(text).toMatch(/^Invoice$/m);
    expect(text).toContain('Invoice Total');
    expect(text).toContain('Invoice Date');
    expect(text.split(formatMoney(order.totals.orderAmount)).length - 1).toBeGreaterThanOrEqual(2);
  });

  it('prints any Unicode text as written (embedded DejaVu fonts)', async () => {
    const name = 'Müller — Łódź Ωmega Гараж';
    const { documentNumber } = await insertOrder(t.db, { shipToName: name, shipToCity: 'Zürich' });
    const text = await textOf(admin, documentNumber);
    expect(text).toContain(name);
    expect(text).toContain('Zürich');
    expect(text).toContain('FIXTURE-1');
  });

  it('prints a restrictedPricing user only what their order details show: MSRP, never dealer cost', async () => {
    const dealer = await detail(admin, 3910111);
    const restricted = await detail(viewer, 3910111);
    const text = await textOf(viewer, 3910111);
    for (const line of restricted.lines) expect(text).toContain(formatMoney(line.price));
    expect(text).toContain(formatMoney(restricted.totals.orderAmount));
    const dealerOnly = dealer.lines
      .map((l) => formatMoney(l.price))
      .filter((p) => !restricted.lines.some((r) => formatMoney(r.price) === p));
    expect(dealerOnly.length).toBeGreaterThan(0);
    for (const price of dealerOnly) expect(text).not.toContain(price);
    expect(text).not.toContain(formatMoney(dealer.totals.orderAmount));
  });

  it("answers 404 for another organization's order, another branch, or an order outside limitOrderHistory", async () => {
    expect((await pdf(owner, 3910111)).statusCode).toBe(404);
    expect((await pdf(admin, 3910111, { branchNumber: '102' })).statusCode).toBe(404);
    // 3920111 is Valley Garage's (organization 2) own order; 3910211 is branch 102's.
    expect((await pdf(owner, 3920111)).statusCode).toBe(200);
    expect((await pdf(admin, 3920111)).statusCode).toBe(404);
    expect((await pdf(admin, 3910211)).statusCode).toBe(200);
    expect((await pdf(admin, 3910211, { branchNumber: '101' })).statusCode).toBe(404);
    // 3910123 was entered by admin@; buyer@ sees only their own orders.
    expect((await pdf(buyer, 3910123)).statusCode).toBe(404);
    expect((await pdf(admin, 99999999)).statusCode).toBe(404);
  });

  it('answers 400 for a bad order number or branch', async () => {
    for (const id of ['abc', '0', '-5']) {
      const response = await pdf(admin, id);
      expect(response.statusCode, id).toBe(400);
      expect((response.json() as { messages: { field: string }[] }).messages[0]!.field).toBe('id');
    }
    expect((await pdf(admin, 3910111, { branchNumber: 'x' })).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without the orderHistory role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/orders/detail/3910111/pdf' })).statusCode).toBe(401);
    await t.db
      .update(users)
      .set({ roles: ['catalog', 'checkout'] })
      .where(eq(users.email, 'buyer@summitlift.example.com'));
    expect((await pdf(buyer, 3910111)).statusCode).toBe(403);
  });
});
