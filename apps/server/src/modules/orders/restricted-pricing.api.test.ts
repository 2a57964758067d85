/**
 * A restrictedPricing user never receives dealer cost, directly or derivably (server-rules; issue 17,
 * finding 2: the order detail's tax was charged on dealer prices, so tax ÷ rate − charges gave the
 * dealer cost). Shown as non-interference: changing every dealer price, and the tax and total
 * charged on them, changes nothing the restricted user is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { salesTaxRateBps } from '@portal/domain/rules';
import type { OrderDetail, OrderSearchResponse, OrderSummary } from '@portal/domain';
import { products } from '../catalog/schema.js';
import { orderLines, orders } from './schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const ADMIN = 'admin@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, VIEWER]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

const post = (email: string, url: string, payload: object) => t.request({ method: 'POST', url, payload, token: tokens[email] });
const detail = async (email: string, id: number) => {
  const response = await t.request({ method: 'GET', url: `/api/orders/detail/${id}`, token: tokens[email] });
  expect(response.statusCode).toBe(200);
  return response.json() as OrderDetail;
};
const cents = (dollars: number) => Math.round(dollars * 100);

/** Every order the viewer may read: open orders and two years of history of both branches. */
async function viewerOrders(): Promise<number[]> {
  const found = new Set<number>();
  for (const branchNumber of [101, 102]) {
    for (const o of (await post(VIEWER, '/api/orders/open', { branchNumber })).json() as OrderSummary[]) found.add(o.documentNumber);
    for (let page = 1; page <= 5; page++) {
      const answer = (
        await post(VIEWER, '/api/orders/search', { branchNumber, timeFrame: '2years', city: 'a', page, pageSize: 100 })
      ).json() as OrderSearchResponse;
      for (const o of answer.results) found.add(o.documentNumber);
      if (answer.results.length < 100) break;
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** These tests each read every one of the viewer's orders (hundreds): 30 s was reached on a busy CI machine. */
const EVERY_ORDER_MS = 120_000;

describe('order money for a restrictedPricing user', { timeout: EVERY_ORDER_MS }, () => {
  let documentNumbers: number[];
  let before: Map<number, string>;
  beforeAll(async () => {
    documentNumbers = await viewerOrders();
    before = new Map();
    for (const n of documentNumbers) before.set(n, JSON.stringify(await detail(VIEWER, n)));
  }, EVERY_ORDER_MS);

  it('covers taxed orders whose dealer prices differ from MSRP', async () => {
    expect(documentNumbers.length).toBeGreaterThanOrEqual(10);
    const taxed = documentNumbers.filter((n) => (JSON.parse(before.get(n)!) as OrderDetail).totals.taxAmount > 0);
    expect(taxed.length).toBeGreaterThan(0);
  });

  it('is MSRP lines, the charges, the tax at the state rate on those, and their sum', async () => {
    for (const n of documentNumbers) {
      const answer = JSON.parse(before.get(n)!) as OrderDetail;
      const [order] = await t.db.select().from(orders).where(eq(orders.documentNumber, n));
      const items = answer.lines.reduce((sum, l) => sum + cents(l.price) * l.quantityOrdered, 0);
      const charges = Object.values(answer.charges).reduce((sum, c) => sum + cents(c), 0);
      const expectedTax = order!.taxCents === 0 ? 0 : Math.round(((items + charges) * salesTaxRateBps(order!.shipToState)) / 10_000);
      expect(cents(answer.totals.taxAmount), `order ${n}`).toBe(expectedTax);
      expect(cents(answer.totals.orderAmount), `order ${n}`).toBe(items + charges + expectedTax);
    }
  });

  it('does not change when every dealer price, tax and total charged changes', async () => {
    const ids = (await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.documentNumber, documentNumbers))).map((r) => r.id);
    // Dealer prices of product lines cut by a third, and the tax and total charged with them.
    await t.db
      .update(orderLines)
      .set({ priceCents: sql`${orderLines.priceCents} * 2 / 3 + 1` })
      .where(sql`${inArray(orderLines.orderId, ids)} and not ${orderLines.isLabor}`);
    await t.db
      .update(orders)
      .set({
        taxCents: sql`case when ${orders.taxCents} = 0 then 0 else ${orders.taxCents} * 2 / 3 + 1 end`,
        orderCents: sql`${orders.orderCents} * 2 / 3`,
      })
      .where(inArray(orders.id, ids));

    for (const n of documentNumbers) expect(JSON.stringify(await detail(VIEWER, n)), `order ${n}`).toBe(before.get(n));
    // An unrestricted user does see the changed dealer figures.
    const changed = await detail(
      ADMIN,
      documentNumbers.find((n) => (JSON.parse(before.get(n)!) as OrderDetail).totals.taxAmount > 0)!,
    );
    const restricted = JSON.parse(before.get(changed.documentNumber)!) as OrderDetail;
    expect(changed.totals).not.toEqual(restricted.totals);
  });

  it('shows 0 for a product line whose product is not in the catalog, never its dealer price', async () => {
    const [line] = await t.db
      .select({ orderId: orderLines.orderId, lineNumber: orderLines.lineNumber, documentNumber: orders.documentNumber })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.sku, orderLines.sku))
      .where(sql`${inArray(orders.documentNumber, documentNumbers)} and not ${orderLines.isLabor}`)
      .limit(1);
    await t.db
      .update(orderLines)
      .set({ sku: 'NOT-IN-CATALOG-1', priceCents: 123_457 })
      .where(sql`${orderLines.orderId} = ${line!.orderId} and ${orderLines.lineNumber} = ${line!.lineNumber}`);
    const answer = await detail(VIEWER, line!.documentNumber);
    expect(answer.lines.find((l) => l.lineNumber === line!.lineNumber)!.price).toBe(0);
    expect(JSON.stringify(answer)).not.toContain('1234.57');
  });
});
