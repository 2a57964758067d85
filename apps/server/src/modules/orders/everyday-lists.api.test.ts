/**
 * Order lists show money and find parts (issue 34): Open, Recent and searched orders carry each
 * order's total (orderAmount: as billed, or for a restricted-pricing user on the MSRP basis, as order
 * details computes it), and Order Search finds orders by the start of a SKU on one of their lines,
 * within the caller's organization and branch like every other criterion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDetail, OrderSearchResponse, OrderSummary, RecentOrdersResponse } from '@portal/domain';
import { branches } from '../organizations/index.js';
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
const cents = (dollars: number) => Math.round(dollars * 100);

async function billedCents(documentNumbers: number[]): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ documentNumber: orders.documentNumber, orderCents: orders.orderCents })
    .from(orders)
    .where(inArray(orders.documentNumber, documentNumbers));
  return new Map(rows.map((r) => [Number(r.documentNumber), r.orderCents]));
}

describe('order totals in the lists', () => {
  it('Open, Recent and searched orders carry the billed total', async () => {
    const open = (await post(ADMIN, '/api/orders/open', { branchNumber: 101 })).json() as OrderSummary[];
    const recent = (await post(ADMIN, '/api/orders/recent', { branchNumber: 101, timeFrame: 7 })).json() as RecentOrdersResponse;
    const search = (
      await post(ADMIN, '/api/orders/search', { branchNumber: 101, timeFrame: '6months', city: 'a', pageSize: 50 })
    ).json() as OrderSearchResponse;
    for (const list of [open, recent.orders, search.results]) {
      expect(list.length).toBeGreaterThan(0);
      const billed = await billedCents(list.map((o) => o.documentNumber));
      for (const o of list) expect(cents(o.orderAmount)).toBe(billed.get(o.documentNumber));
      expect(list.some((o) => o.orderAmount > 0)).toBe(true);
    }
  });

  it("a restricted-pricing user's totals are order details' MSRP totals, in every list", async () => {
    const open = (await post(VIEWER, '/api/orders/open', { branchNumber: 101 })).json() as OrderSummary[];
    const search = (
      await post(VIEWER, '/api/orders/search', { branchNumber: 101, timeFrame: '6months', city: 'a', pageSize: 25 })
    ).json() as OrderSearchResponse;
    const recent = (await post(VIEWER, '/api/orders/recent', { branchNumber: 101, timeFrame: 7 })).json() as RecentOrdersResponse;
    let differs = 0;
    for (const list of [open.slice(0, 15), search.results, recent.orders.slice(0, 10)]) {
      expect(list.length).toBeGreaterThan(0);
      const billed = await billedCents(list.map((o) => o.documentNumber));
      for (const o of list) {
        const detail = (
          await t.request({ method: 'GET', url: `/api/orders/detail/${o.documentNumber}`, token: tokens[VIEWER] })
        ).json() as OrderDetail;
        expect(o.orderAmount).toBe(detail.totals.orderAmount);
        if (cents(o.orderAmount) !== billed.get(o.documentNumber)) differs++;
      }
    }
    // The MSRP basis is not the billed amount (the dealer's cost never shows through the lists).
    expect(differs).toBeGreaterThan(0);
    // The admin's answer, kept per process, is not the viewer's.
    const adminOpen = (await post(ADMIN, '/api/orders/open', { branchNumber: 101 })).json() as OrderSummary[];
    const billed = await billedCents(adminOpen.map((o) => o.documentNumber));
    for (const o of adminOpen) expect(cents(o.orderAmount)).toBe(billed.get(o.documentNumber));
  });
});

describe('Order Search by SKU', () => {
  async function skuOfBranch(branchNumber: number): Promise<string> {
    const [row] = await t.db
      .select({ sku: orderLines.sku })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(and(eq(branches.branchNumber, branchNumber), sql`${orders.enteredAt} > now() - interval '5 months'`))
      .limit(1);
    return row!.sku;
  }

  it('finds the orders of the branch holding the SKU (any case, its start), and only those', async () => {
    const sku = await skuOfBranch(101);
    const answer = await post(ADMIN, '/api/orders/search', {
      branchNumber: 101,
      timeFrame: '6months',
      sku: sku.toLowerCase(),
      pageSize: 100,
    });
    expect(answer.statusCode).toBe(200);
    const found = answer.json() as OrderSearchResponse;
    expect(found.totalResults).toBeGreaterThan(0);
    const numbers = found.results.map((o) => o.documentNumber);
    const holding = await t.db
      .selectDistinct({ documentNumber: orders.documentNumber, branchNumber: branches.branchNumber })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(and(inArray(orders.documentNumber, numbers), sql`lower(${orderLines.sku}) like ${`${sku.toLowerCase()}%`}`));
    expect(holding.length).toBe(numbers.length);
    expect(new Set(holding.map((h) => h.branchNumber))).toEqual(new Set([101]));

    // The start of the SKU finds at least as many; a SKU nobody ordered finds none.
    const prefix = (
      await post(ADMIN, '/api/orders/search', { branchNumber: 101, timeFrame: '6months', sku: sku.slice(0, -1), pageSize: 10 })
    ).json() as OrderSearchResponse;
    expect(prefix.totalResults).toBeGreaterThanOrEqual(found.totalResults);
    const none = (await post(ADMIN, '/api/orders/search', { branchNumber: 101, sku: 'NO-SUCH-SKU-%_' })).json() as OrderSearchResponse;
    expect(none.totalResults).toBe(0);
  });

  it('SKU alone is a criterion; it stays in the branch the caller may use', async () => {
    const sku = await skuOfBranch(102);
    const other = (await post(ADMIN, '/api/orders/search', { branchNumber: 102, timeFrame: '6months', sku })).json() as OrderSearchResponse;
    expect(other.totalResults).toBeGreaterThan(0);
    // The viewer has 101 and 102, not 103.
    expect((await post(VIEWER, '/api/orders/search', { branchNumber: 103, sku })).statusCode).toBe(403);
    const tooLong = await post(ADMIN, '/api/orders/search', { branchNumber: 101, sku: 'X'.repeat(41) });
    expect(tooLong.statusCode).toBe(400);
  });
});
