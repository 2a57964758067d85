/**
 * Open and Recent Orders answered from memory while the branch's orders stand (list-cache.ts,
 * 0012_order_list_revisions.sql): the kept answer is the built one byte for byte, and any change of
 * the branch's orders, by any writer (plain SQL here, as the integration, the CLI or a DBA would),
 * is in the next answer. Runs on the embedded database and, with DATABASE_URL, on PostgreSQL.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@portal/domain/rules';
import type { OrderSummary, RecentOrdersResponse } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { orderListCacheOf } from './list-cache.js';
import { branchIdOf, insertOrder, userIdOf } from './order-fixtures.js';
import { orderListRevisions, orders } from './schema.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());
beforeEach(() => orderListCacheOf(t.db).clear());

const post = (email: string, url: string, payload: object) => t.request({ method: 'POST', url, payload, token: tokens[email] });
const open = (email: string, branchNumber = 101) => post(email, '/api/orders/open', { branchNumber });
const recentWeek = (email: string) =>
  post(email, '/api/orders/recent', { branchNumber: 101, timeFrame: 7, updateType: 'any', timeZone: 'America/Denver' });
const numbers = (body: string) => (JSON.parse(body) as OrderSummary[]).map((o) => o.documentNumber);
const recentNumbers = (body: string) => (JSON.parse(body) as RecentOrdersResponse).orders.map((o) => o.documentNumber);

async function revisionOf(branchNumber: number): Promise<number | undefined> {
  const branchId = await branchIdOf(t.db, 1, branchNumber);
  const [row] = await t.db
    .select({ revision: orderListRevisions.revision })
    .from(orderListRevisions)
    .where(and(eq(orderListRevisions.organizationId, 1), eq(orderListRevisions.branchId, branchId)));
  return row?.revision;
}

describe('order list answers kept per process', () => {
  it('answers the same bytes from memory as it built, and keeps one answer per list', async () => {
    const built = await open(ADMIN);
    expect(built.statusCode).toBe(200);
    expect(orderListCacheOf(t.db).size).toBe(1);
    const kept = await open(ADMIN);
    expect(kept.body).toBe(built.body);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(orderListCacheOf(t.db).size).toBe(1);

    // The same list built again from the database (nothing kept) is the same answer.
    orderListCacheOf(t.db).clear();
    expect((await open(ADMIN)).body).toBe(built.body);

    const week = await recentWeek(ADMIN);
    expect((await recentWeek(ADMIN)).body).toBe(week.body);
    expect(orderListCacheOf(t.db).size).toBe(2);
  });

  it('keeps a gzipped copy beside the JSON and sends it as it is to a client that takes gzip', async () => {
    const plain = await open(ADMIN);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const asked = (acceptEncoding: string) =>
      t.request({
        method: 'POST',
        url: '/api/orders/open',
        payload: { branchNumber: 101 },
        token: tokens[ADMIN],
        headers: { 'accept-encoding': acceptEncoding },
      });
    const [kept] = [...orderListCacheOf(t.db).values()];
    for (const accepted of ['gzip', 'br, gzip, deflate', 'gzip;q=0.5, br;q=1', '*']) {
      const encoded = await asked(accepted);
      expect(encoded.statusCode).toBe(200);
      expect(encoded.headers['content-encoding'], accepted).toBe('gzip');
      expect(encoded.headers.vary).toContain('accept-encoding');
      expect(encoded.headers['content-type']).toBe('application/json; charset=utf-8');
      // The kept copy itself, not one made for this request.
      expect(encoded.rawPayload.equals(kept!.answer.gzipped!), accepted).toBe(true);
      expect(gunzipSync(encoded.rawPayload).toString(), accepted).toBe(plain.body);
    }
    const refused = await asked('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const brotliOnly = await asked('br');
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotliOnly.rawPayload).toString()).toBe(plain.body);
  });

  it("replaces a list's answer when the branch's orders change, keeping none of the old revision", async () => {
    await open(ADMIN);
    const { documentNumber } = await insertOrder(t.db, { statusCode: ORDER_STATUS.newOrder });
    expect(numbers((await open(ADMIN)).body)).toContain(documentNumber);
    expect(orderListCacheOf(t.db).size).toBe(1);
  });

  it('shows an order inserted, changed or deleted by plain SQL in the next answer', async () => {
    const before = numbers((await open(ADMIN)).body);
    const { id, documentNumber } = await insertOrder(t.db, { statusCode: ORDER_STATUS.newOrder });
    expect(before).not.toContain(documentNumber);
    expect(numbers((await open(ADMIN)).body)).toContain(documentNumber);
    expect(recentNumbers((await recentWeek(ADMIN)).body)).toContain(documentNumber);

    await t.db.execute(sql`update orders set ship_to_name = 'Renamed Garage' where id = ${id}`);
    const renamed = (JSON.parse((await open(ADMIN)).body) as OrderSummary[]).find((o) => o.documentNumber === documentNumber);
    expect(renamed?.shipToAddress.name).toBe('Renamed Garage');

    await t.db.execute(sql`update orders set status_code = ${ORDER_STATUS.shipped}, shipped_at = now() where id = ${id}`);
    expect(numbers((await open(ADMIN)).body)).not.toContain(documentNumber);
    const week = JSON.parse((await recentWeek(ADMIN)).body) as RecentOrdersResponse;
    expect(week.orders.find((o) => o.documentNumber === documentNumber)?.statusDates.shipped).not.toBeNull();

    await t.db.execute(sql`delete from order_lines where order_id = ${id}`);
    await t.db.execute(sql`delete from orders where id = ${id}`);
    expect(recentNumbers((await recentWeek(ADMIN)).body)).not.toContain(documentNumber);
  });

  it('moves both branches when an order moves between them, and no other branch', async () => {
    const { id, documentNumber } = await insertOrder(t.db, { statusCode: ORDER_STATUS.newOrder });
    expect(numbers((await open(ADMIN, 101)).body)).toContain(documentNumber);
    expect(numbers((await open(ADMIN, 102)).body)).not.toContain(documentNumber);
    const branch103 = await revisionOf(103);

    await t.db
      .update(orders)
      .set({ branchId: await branchIdOf(t.db, 1, 102) })
      .where(eq(orders.id, id));
    expect(numbers((await open(ADMIN, 101)).body)).not.toContain(documentNumber);
    expect(numbers((await open(ADMIN, 102)).body)).toContain(documentNumber);
    expect(await revisionOf(103)).toBe(branch103);
  });

  it('keeps the answers of a limitOrderHistory user apart from those of the whole branch', async () => {
    const all = numbers((await open(ADMIN)).body);
    const mine = numbers((await open(BUYER)).body);
    expect(numbers((await open(ADMIN)).body)).toEqual(all);
    expect(mine.length).toBeLessThan(all.length);
    const buyerId = await userIdOf(t.db, BUYER);
    const entered = await t.db
      .select({ documentNumber: orders.documentNumber, by: orders.enteredByUserId })
      .from(orders)
      .where(sql`${orders.documentNumber} in ${mine}`);
    for (const row of entered) expect(row.by).toBe(buyerId);
  });

  it('gives every branch a new revision on a truncate, and leaves them when the transaction rolls back', async () => {
    const before = await revisionOf(101);
    expect(before).toBeDefined();
    const branchId = await branchIdOf(t.db, 1, 101);
    class RolledBack extends Error {}
    let during: number | undefined;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`truncate orders cascade`);
        const [row] = await tx
          .select({ revision: orderListRevisions.revision })
          .from(orderListRevisions)
          .where(and(eq(orderListRevisions.organizationId, 1), eq(orderListRevisions.branchId, branchId)));
        during = row?.revision;
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(during).toBeGreaterThan(before!);
    expect(await revisionOf(101)).toBe(before);
  });
});
