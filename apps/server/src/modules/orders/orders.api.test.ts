import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  calendarDayIn,
  addCalendarDays,
  isOpenOrderStatus,
  ORDER_SEARCH_CRITERIA_MESSAGE,
  orderStatusGroup,
  startOfDayIn,
} from '@portal/domain/rules';
import {
  openOrdersResponseSchema,
  orderSearchResponseSchema,
  recentOrdersResponseSchema,
  type OrderDetail,
  type OrderSearchResponse,
  type OrderSummary,
  type RecentOrdersResponse,
} from '@portal/domain';
import { products } from '../catalog/schema.js';
import { orderLines, orders } from './schema.js';
import { users } from '../users/index.js';
import { FEATURED_ORDERS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertOrder, userIdOf } from './order-fixtures.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';
const OWNER = 'owner@valleygarage.example.com';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER, VIEWER, OWNER]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

const post = (email: string, url: string, payload: object) => t.request({ method: 'POST', url, payload, token: tokens[email] });
const open = (email: string, branchNumber: number) => post(email, '/api/orders/open', { branchNumber });
const recent = (email: string, payload: object) => post(email, '/api/orders/recent', { branchNumber: 101, ...payload });
const search = (email: string, payload: object) => post(email, '/api/orders/search', { branchNumber: 101, ...payload });
const detail = (email: string, id: number | string, query?: Record<string, string>) =>
  t.request({ method: 'GET', url: `/api/orders/detail/${id}`, token: tokens[email], query });

const numbers = (list: OrderSummary[]) => list.map((o) => o.documentNumber);

describe('POST /api/orders/open', () => {
  it('lists the branch open orders, newest first, and nothing shipped, invoiced or cancelled', async () => {
    const response = await open(ADMIN, 101);
    expect(response.statusCode).toBe(200);
    const list = response.json() as OrderSummary[];
    expect(list.length).toBeGreaterThan(5);
    for (const o of list) expect(isOpenOrderStatus(o.statusCode)).toBe(true);
    const entered = list.map((o) => o.statusDates.entered);
    expect([...entered].sort().reverse()).toEqual(entered);
    const found = numbers(list);
    for (const n of [
      ...FEATURED_ORDERS.pending,
      ...FEATURED_ORDERS.processing,
      ...FEATURED_ORDERS.backordered,
      ...FEATURED_ORDERS.partiallyShipped,
    ]) {
      expect(found).toContain(n);
    }
    for (const n of [...FEATURED_ORDERS.shipped, ...FEATURED_ORDERS.cancelled, ...FEATURED_ORDERS.invoiced]) expect(found).not.toContain(n);
    expect(found).toContain(FEATURED_ORDERS.enteredByAdmin[0]);
    expect(list[0]).toMatchObject({
      statusDates: { entered: expect.stringMatching(/Z$/) },
      shipToAddress: { name: expect.any(String), email: expect.any(String) },
    });
  });

  it('shows a limitOrderHistory user only the orders entered with their login', async () => {
    const mine = numbers((await open(BUYER, 101)).json());
    expect(mine).not.toContain(FEATURED_ORDERS.enteredByAdmin[0]);
    const buyerId = await userIdOf(t.db, BUYER);
    const rows = await t.db
      .select({ n: orders.documentNumber, by: orders.enteredByUserId })
      .from(orders)
      .where(inArray(orders.documentNumber, mine));
    expect(rows.every((r) => r.by === buyerId)).toBe(true);
    expect(mine.length).toBeLessThan(numbers((await open(ADMIN, 101)).json()).length);
  });

  it('answers 403 for a branch the user does not have, or another organization branch', async () => {
    expect((await open(BUYER, 102)).statusCode).toBe(403);
    expect((await open(ADMIN, 201)).statusCode).toBe(403);
    expect((await open(OWNER, 101)).statusCode).toBe(403);
  });

  it('keeps each organization to its own orders', async () => {
    const list = (await open(OWNER, 201)).json() as OrderSummary[];
    expect(list.length).toBeGreaterThan(0);
    const rows = await t.db
      .select({ org: orders.organizationId })
      .from(orders)
      .where(inArray(orders.documentNumber, numbers(list)));
    expect(new Set(rows.map((r) => r.org))).toEqual(new Set([2]));
  });

  it('needs the orderHistory role and a session', async () => {
    await t.db
      .update(users)
      .set({ roles: ['catalog'] })
      .where(eq(users.email, 'manager@coastalauto.example.com'));
    await t.db.update(users).set({ useOrganizationRoles: false }).where(eq(users.email, 'manager@coastalauto.example.com'));
    const token = await t.login('manager@coastalauto.example.com');
    expect((await t.request({ method: 'POST', url: '/api/orders/open', payload: { branchNumber: 301 }, token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/orders/open', payload: { branchNumber: 101 } })).statusCode).toBe(401);
  });

  it('validates the branch number', async () => {
    const response = await post(ADMIN, '/api/orders/open', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0].field).toBe('branchNumber');
  });
});

describe('POST /api/orders/recent', () => {
  const zone = 'America/Denver';
  // Orders one minute either side of today's midnight in Denver, and of the midnight 3 days back.
  let midnight: Date;
  let threeDaysBack: Date;
  const fixtures: Record<string, number> = {};
  const minute = 60_000;

  beforeAll(async () => {
    const today = calendarDayIn(new Date(), zone);
    midnight = startOfDayIn(today, zone);
    threeDaysBack = startOfDayIn(addCalendarDays(today, -2), zone);
    const buyerId = await userIdOf(t.db, BUYER);
    const at = (ms: number) => new Date(ms);
    fixtures.enteredAfterMidnight = (
      await insertOrder(t.db, { enteredAt: at(midnight.getTime() + minute), enteredByUserId: buyerId })
    ).documentNumber;
    fixtures.enteredBeforeMidnight = (
      await insertOrder(t.db, { enteredAt: at(midnight.getTime() - minute), enteredByUserId: buyerId })
    ).documentNumber;
    fixtures.shippedAfterMidnight = (
      await insertOrder(t.db, {
        enteredAt: at(midnight.getTime() - 20 * 86_400_000),
        shippedAt: at(midnight.getTime() + minute),
        statusCode: 60,
        enteredByUserId: buyerId,
      })
    ).documentNumber;
    fixtures.shippedBeforeWindow = (
      await insertOrder(t.db, {
        enteredAt: at(midnight.getTime() - 20 * 86_400_000),
        shippedAt: at(threeDaysBack.getTime() - minute),
        statusCode: 60,
        enteredByUserId: buyerId,
      })
    ).documentNumber;
    fixtures.shippedAtWindowStart = (
      await insertOrder(t.db, {
        enteredAt: at(midnight.getTime() - 20 * 86_400_000),
        shippedAt: threeDaysBack,
        statusCode: 60,
        enteredByUserId: buyerId,
      })
    ).documentNumber;
    fixtures.cancelledAfterMidnight = (
      await insertOrder(t.db, {
        enteredAt: at(midnight.getTime() - 10 * 86_400_000),
        cancelledAt: at(midnight.getTime() + minute),
        statusCode: -10,
        enteredByUserId: buyerId,
      })
    ).documentNumber;
    // Two events today: "any" lists it once, at the later one (shipped, +3 min).
    fixtures.enteredAndShippedToday = (
      await insertOrder(t.db, {
        enteredAt: at(midnight.getTime() + 2 * minute),
        shippedAt: at(midnight.getTime() + 3 * minute),
        statusCode: 60,
        enteredByUserId: buyerId,
      })
    ).documentNumber;
    fixtures.enteredLaterToday = (
      await insertOrder(t.db, { enteredAt: at(midnight.getTime() + 4 * minute), enteredByUserId: buyerId })
    ).documentNumber;
  });

  const call = async (payload: object, email = BUYER) => {
    const response = await recent(email, { timeZone: zone, ...payload });
    expect(response.statusCode).toBe(200);
    return response.json() as RecentOrdersResponse;
  };

  it('takes the calendar day in the caller zone: an order a minute after local midnight is today, a minute before is yesterday', async () => {
    const today = await call({ timeFrame: 1, updateType: 'entered', page: 1 });
    expect(today.startTime).toBe(midnight.toISOString());
    expect(new Date(today.endTime).getTime() - midnight.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(numbers(today.orders)).toContain(fixtures.enteredAfterMidnight);
    expect(numbers(today.orders)).not.toContain(fixtures.enteredBeforeMidnight);

    const yesterday = await call({ timeFrame: 1, updateType: 'entered', page: 2 });
    expect(yesterday.endTime).toBe(midnight.toISOString());
    expect(numbers(yesterday.orders)).toContain(fixtures.enteredBeforeMidnight);
    expect(numbers(yesterday.orders)).not.toContain(fixtures.enteredAfterMidnight);
  });

  it('computes a different window for another zone (UTC midnight is not Denver midnight)', async () => {
    const utc = await call({ timeFrame: 1, updateType: 'entered', timeZone: 'UTC' });
    const utcMidnight = startOfDayIn(calendarDayIn(new Date(), 'UTC'), 'UTC');
    expect(utc.startTime).toBe(utcMidnight.toISOString());
    expect(utc.startTime).not.toBe(midnight.toISOString());
  });

  it('covers 3 calendar days, the window start inclusive', async () => {
    const result = await call({ timeFrame: 3, updateType: 'shipped', page: 1 });
    expect(result.startTime).toBe(threeDaysBack.toISOString());
    const found = numbers(result.orders);
    expect(found).toContain(fixtures.shippedAfterMidnight);
    expect(found).toContain(fixtures.shippedAtWindowStart);
    expect(found).not.toContain(fixtures.shippedBeforeWindow);
    for (const o of result.orders) {
      expect(new Date(o.statusDates.shipped!).getTime()).toBeGreaterThanOrEqual(new Date(result.startTime).getTime());
      expect(new Date(o.statusDates.shipped!).getTime()).toBeLessThan(new Date(result.endTime).getTime());
    }
    const earlier = await call({ timeFrame: 3, updateType: 'shipped', page: 2 });
    expect(earlier.endTime).toBe(result.startTime);
    expect(numbers(earlier.orders)).toContain(fixtures.shippedBeforeWindow);
  });

  it('filters by the type of update', async () => {
    const cancelled = numbers((await call({ timeFrame: 1, updateType: 'cancelled' })).orders);
    expect(cancelled).toContain(fixtures.cancelledAfterMidnight);
    expect(cancelled).not.toContain(fixtures.enteredAfterMidnight);
    const shipped = numbers((await call({ timeFrame: 1, updateType: 'shipped' })).orders);
    expect(shipped).toEqual(expect.arrayContaining([fixtures.shippedAfterMidnight]));
    expect(shipped).not.toContain(fixtures.cancelledAfterMidnight);
    const any = numbers((await call({ timeFrame: 1, updateType: 'any' })).orders);
    expect(any).toEqual(
      expect.arrayContaining([fixtures.enteredAfterMidnight, fixtures.shippedAfterMidnight, fixtures.cancelledAfterMidnight]),
    );
    expect(any).not.toContain(fixtures.enteredBeforeMidnight);
  });

  it('lists an order with two updates in the window once, at its latest, newest update first', async () => {
    const any = numbers((await call({ timeFrame: 1, updateType: 'any' })).orders);
    expect(any.filter((n) => n === fixtures.enteredAndShippedToday)).toHaveLength(1);
    const position = (key: string) => any.indexOf(fixtures[key]!);
    // entered +4 min, then entered +2 / shipped +3 min (at +3), then shipped +1 min and entered +1 min.
    expect(position('enteredLaterToday')).toBeGreaterThanOrEqual(0);
    expect(position('enteredLaterToday')).toBeLessThan(position('enteredAndShippedToday'));
    expect(position('enteredAndShippedToday')).toBeLessThan(position('shippedAfterMidnight'));
    expect(position('enteredAndShippedToday')).toBeLessThan(position('enteredAfterMidnight'));
    // Each type alone lists it by its own event.
    expect(numbers((await call({ timeFrame: 1, updateType: 'entered' })).orders)).toContain(fixtures.enteredAndShippedToday);
    expect(numbers((await call({ timeFrame: 1, updateType: 'shipped' })).orders)).toContain(fixtures.enteredAndShippedToday);
  });

  it('covers a week and defaults to 3 days, shipped, page 1', async () => {
    const week = await call({ timeFrame: 7, updateType: 'entered' });
    expect(numbers(week.orders)).toEqual(expect.arrayContaining([fixtures.enteredAfterMidnight, fixtures.enteredBeforeMidnight]));
    expect(new Date(week.startTime).getTime()).toBeLessThan(midnight.getTime() - 6 * 86_400_000 + 3_600_000);
    const defaults = await call({});
    expect(defaults.startTime).toBe(threeDaysBack.toISOString());
    expect(numbers(defaults.orders)).toContain(fixtures.shippedAfterMidnight);
  });

  it('keeps to the branch and the user own orders', async () => {
    const adminAny = numbers((await call({ timeFrame: 7, updateType: 'any' }, ADMIN)).orders);
    const buyerAny = numbers((await call({ timeFrame: 7, updateType: 'any' }, BUYER)).orders);
    expect(adminAny.length).toBeGreaterThan(buyerAny.length);
    expect(adminAny).toEqual(expect.arrayContaining(buyerAny));
    expect((await recent(BUYER, { branchNumber: 102 })).statusCode).toBe(403);
  });

  it('validates time frame, type of update, page and time zone', async () => {
    const bad = async (payload: object) => (await recent(BUYER, payload)).json().messages;
    expect(await bad({ timeFrame: 2 })).toEqual([{ field: 'timeFrame', message: 'The time frame must be 1, 3 or 7 days.' }]);
    expect(await bad({ updateType: 'invoiced' })).toEqual([
      { field: 'updateType', message: 'The type of update must be any, entered, shipped or cancelled.' },
    ]);
    expect(await bad({ page: 0 })).toEqual([{ field: 'page', message: 'The page must be a whole number of at least 1.' }]);
    expect(await bad({ timeZone: 'Mars/Base' })).toEqual([{ field: 'timeZone', message: 'The time zone is not known.' }]);
  });
});

describe('POST /api/orders/search', () => {
  let sample: typeof orders.$inferSelect;
  beforeAll(async () => {
    const [row] = await t.db.select().from(orders).where(eq(orders.documentNumber, FEATURED_ORDERS.shippedFreight));
    sample = row!;
  });

  const results = async (payload: object, email = ADMIN) => {
    const response = await search(email, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderSearchResponse;
  };

  it('needs a criterion besides the time frame', async () => {
    for (const payload of [{}, { timeFrame: 'year' }, { name: '  ', email: '' }]) {
      const response = await search(ADMIN, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages).toEqual([{ field: '', message: ORDER_SEARCH_CRITERIA_MESSAGE }]);
    }
  });

  it('validates the email, state, status, time frame and page size', async () => {
    const bad = async (payload: object) => (await search(ADMIN, payload)).json().messages;
    expect(await bad({ email: 'not-an-email' })).toEqual([{ field: 'email', message: 'The email address is invalid.' }]);
    expect(await bad({ state: 'ZZ' })).toEqual([{ field: 'state', message: 'The state is not a US state.' }]);
    expect(await bad({ name: 'a', status: 'lost' })).toEqual([
      { field: 'status', message: 'The status must be one of the listed options.' },
    ]);
    expect(await bad({ name: 'a', timeFrame: 'week' })).toEqual([
      { field: 'timeFrame', message: 'The time frame must be month, 6months, year or 2years.' },
    ]);
    expect(await bad({ name: 'a', pageSize: 20 })).toEqual([{ field: 'pageSize', message: 'The page size must be 10, 25, 50 or 100.' }]);
    expect(await bad({ name: 'a', page: 0 })).toEqual([{ field: 'page', message: 'The page must be a whole number of at least 1.' }]);
    expect(await bad({ phone: 'call me' })).toEqual([{ field: 'phone', message: 'The phone number must contain digits.' }]);
  });

  it('finds an order by document number, purchase order or reference', async () => {
    const byNumber = await results({ orderReference: String(sample.documentNumber) });
    expect(numbers(byNumber.results)).toEqual([sample.documentNumber]);
    await t.db.update(orders).set({ purchaseOrderNumber: 'PO-ZEBRA-1', reference: 'Quarry install' }).where(eq(orders.id, sample.id));
    expect(numbers((await results({ orderReference: 'po-zebra' })).results)).toEqual([sample.documentNumber]);
    expect(numbers((await results({ orderReference: 'quarry' })).results)).toEqual([sample.documentNumber]);
    expect((await results({ orderReference: 'zebra' })).totalResults).toBe(0);
  });

  it('finds by email (any case), phone (any format) and postal code prefix', async () => {
    await t.db
      .update(orders)
      .set({ shipToEmail: 'Parts@Unique-Garage.example.com', shipToPhone: '3035550199', shipToPostalCode: '80299' })
      .where(eq(orders.id, sample.id));
    expect(numbers((await results({ email: 'parts@unique-garage.example.com' })).results)).toEqual([sample.documentNumber]);
    expect(numbers((await results({ phone: '+1 (303) 555-0199' })).results)).toEqual([sample.documentNumber]);
    const zip = await results({ postalCode: '8029' });
    expect(numbers(zip.results)).toContain(sample.documentNumber);
    expect(zip.results.every((o) => o.shipToAddress.postalCode.startsWith('8029'))).toBe(true);
    expect(zip.results[0]!.shipToAddress).toHaveProperty('email');
    expect(zip.results[0]!.shipToAddress).toHaveProperty('phone');
  });

  it('finds by name, address and city contained anywhere, and by state', async () => {
    await t.db
      .update(orders)
      .set({ shipToName: 'Hilltop Quokka Motors', shipToAddress2: 'Bay 77 Quokka Lane', shipToCity: 'Quokkaville', shipToState: 'WY' })
      .where(eq(orders.id, sample.id));
    expect(numbers((await results({ name: 'quokka mot' })).results)).toEqual([sample.documentNumber]);
    expect(numbers((await results({ address: 'QUOKKA LANE' })).results)).toEqual([sample.documentNumber]);
    expect(numbers((await results({ city: 'kkavil' })).results)).toEqual([sample.documentNumber]);
    const wy = await results({ state: 'wy', pageSize: 100 });
    expect(numbers(wy.results)).toContain(sample.documentNumber);
    expect(wy.results.every((o) => o.shipToAddress.state === 'WY')).toBe(true);
    expect((await results({ name: '100%' })).totalResults).toBe(0);
  });

  it.each(['pending', 'processing', 'shipped', 'backordered', 'invoiced', 'cancelled'] as const)(
    'filters status group %s',
    async (status) => {
      const found = await results({ status, timeFrame: '2years', pageSize: 100 });
      expect(found.totalResults).toBeGreaterThan(0);
      for (const o of found.results) expect(orderStatusGroup(o.statusCode)).toBe(status);
    },
  );

  it('limits by time frame', async () => {
    const cancelledOld = FEATURED_ORDERS.cancelled[3]; // entered 200 days ago
    const in6 = numbers((await results({ status: 'cancelled', timeFrame: '6months', pageSize: 100 })).results);
    const inYear = numbers((await results({ status: 'cancelled', timeFrame: 'year', pageSize: 100 })).results);
    expect(in6).not.toContain(cancelledOld);
    expect(inYear).toContain(cancelledOld);
    const month = await results({ status: 'invoiced', timeFrame: 'month', pageSize: 100 });
    const twoYears = await results({ status: 'invoiced', timeFrame: '2years', pageSize: 10 });
    expect(month.totalResults).toBeLessThan(twoYears.totalResults);
    const since = Date.now() - 32 * 86_400_000;
    expect(month.results.every((o) => new Date(o.statusDates.entered).getTime() >= since)).toBe(true);
  });

  it.each([10, 25, 50, 100])('pages with page size %i', async (pageSize) => {
    const first = await results({ status: 'invoiced', timeFrame: '2years', pageSize, page: 1 });
    expect(first).toMatchObject({ page: 1, pageSize });
    expect(first.totalResults).toBeGreaterThan(100);
    expect(first.results).toHaveLength(pageSize);
    const second = await results({ status: 'invoiced', timeFrame: '2years', pageSize, page: 2 });
    expect(second.totalResults).toBe(first.totalResults);
    expect(numbers(second.results).some((n) => numbers(first.results).includes(n))).toBe(false);
    const lastPage = Math.ceil(first.totalResults / pageSize);
    const last = await results({ status: 'invoiced', timeFrame: '2years', pageSize, page: lastPage });
    expect(last.results).toHaveLength(first.totalResults - (lastPage - 1) * pageSize);
    expect((await results({ status: 'invoiced', timeFrame: '2years', pageSize, page: lastPage + 1 })).results).toEqual([]);
  });

  it('defaults to the service page size 25 and page 1', async () => {
    const found = await results({ status: 'invoiced', timeFrame: '2years' });
    expect(found).toMatchObject({ page: 1, pageSize: 25 });
    expect(found.results).toHaveLength(25);
  });

  it('keeps to the organization, the branch and, with limitOrderHistory, the user own orders', async () => {
    const adminTotal = (await results({ status: 'invoiced', timeFrame: '2years' })).totalResults;
    const buyer = await results({ status: 'invoiced', timeFrame: '2years', pageSize: 100 }, BUYER);
    expect(buyer.totalResults).toBeLessThan(adminTotal);
    const buyerId = await userIdOf(t.db, BUYER);
    const rows = await t.db
      .select({ by: orders.enteredByUserId })
      .from(orders)
      .where(inArray(orders.documentNumber, numbers(buyer.results)));
    expect(rows.every((r) => r.by === buyerId)).toBe(true);
    expect((await results({ orderReference: String(FEATURED_ORDERS.enteredByAdmin[0]) }, BUYER)).totalResults).toBe(0);
    // Another branch of the same organization, and another organization: not found.
    expect((await results({ orderReference: String(sample.documentNumber), branchNumber: 102 })).totalResults).toBe(0);
    expect((await results({ orderReference: String(sample.documentNumber), branchNumber: 201 }, OWNER)).totalResults).toBe(0);
    expect((await search(BUYER, { name: 'a', branchNumber: 102 })).statusCode).toBe(403);
  });
});

describe('GET /api/orders/detail/:id', () => {
  const get = async (id: number, email = ADMIN) => {
    const response = await detail(email, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderDetail;
  };

  it('answers a shipped order with lines, charges, totals, addresses and tracked shipments', async () => {
    const order = await get(FEATURED_ORDERS.shippedUps);
    expect(order).toMatchObject({ documentNumber: FEATURED_ORDERS.shippedUps, statusCode: 60 });
    expect(order.billToAddress.name).toContain('Summit Lift Supply');
    expect(order.lines.length).toBeGreaterThan(0);
    expect(order.lines.every((l) => l.quantityShipped === l.quantityOrdered || l.isLabor)).toBe(true);
    expect(order.shipments).toHaveLength(1);
    const [shipment] = order.shipments;
    expect(shipment).toMatchObject({ shipmentNumber: 0, scac: 'UPSN', scacLabel: 'UPS' });
    expect(shipment!.packages.length).toBeGreaterThan(0);
    expect(shipment!.packages[0]!.trackingUrl).toMatch(/^https:\/\/www\.ups\.com\/track\?tracknum=1Z/);
    expect(shipment!.lines.length).toBeGreaterThan(0);
    expect(Object.keys(order.charges).sort()).toEqual([
      'deliveryAccessSurcharge',
      'dockHold',
      'forklift',
      'liftgate',
      'limitedAccess',
      'notice',
      'other',
      'residential',
    ]);

    // Money in dollars: the stored cents, divided.
    const [row] = await t.db.select().from(orders).where(eq(orders.documentNumber, FEATURED_ORDERS.shippedUps));
    expect(order.totals).toEqual({ taxAmount: row!.taxCents / 100, orderAmount: row!.orderCents / 100 });
    const items = order.lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantityOrdered, 0);
    const charges = Object.values(order.charges).reduce((sum, c) => sum + Math.round(c * 100), 0);
    expect(items + charges + row!.taxCents).toBe(row!.orderCents);
  });

  it('answers a partially shipped order with a shipped and a pending shipment', async () => {
    const order = await get(FEATURED_ORDERS.partialTwoShipments);
    expect(order.statusCode).toBe(55);
    expect(order.shipments.map((s) => s.shipmentNumber)).toEqual([0, 1]);
    expect(order.shipments[0]!.shippedDate).not.toBeNull();
    expect(order.shipments[1]!.shippedDate).toBeNull();
    expect(order.lines.some((l) => l.quantityShipped < l.quantityOrdered)).toBe(true);
  });

  it('answers backordered and cancelled orders', async () => {
    expect((await get(FEATURED_ORDERS.backordered[0])).statusCode).toBe(25);
    const cancelled = await get(FEATURED_ORDERS.cancelled[0]);
    expect(cancelled.statusCode).toBe(-10);
    expect(cancelled.shipments).toEqual([]);
  });

  it('answers 404 outside the scope: another organization, another branch, or not entered by a limited user', async () => {
    const notFound = { messages: [{ field: '', message: 'The order was not found.' }] };
    expect((await detail(OWNER, FEATURED_ORDERS.shippedUps)).statusCode).toBe(404);
    expect((await detail(OWNER, FEATURED_ORDERS.shippedUps)).json()).toEqual(notFound);
    expect((await detail(BUYER, FEATURED_ORDERS.enteredByAdmin[0])).statusCode).toBe(404);
    expect((await detail(ADMIN, FEATURED_ORDERS.shippedUps, { branchNumber: '102' })).statusCode).toBe(404);
    expect((await detail(ADMIN, FEATURED_ORDERS.shippedUps, { branchNumber: '101' })).statusCode).toBe(200);
    expect((await detail(BUYER, FEATURED_ORDERS.shippedUps, { branchNumber: '102' })).statusCode).toBe(403);
    expect((await detail(ADMIN, 999_999_999)).statusCode).toBe(404);
  });

  it('refuses an id that is not a positive number', async () => {
    for (const id of ['0', '-5', 'abc']) {
      const response = await detail(ADMIN, id);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages[0]).toEqual({ field: 'id', message: 'The order number must be a positive whole number.' });
    }
  });

  it('never shows dealer cost to a restrictedPricing user: MSRP per line and a total from those prices', async () => {
    const id = FEATURED_ORDERS.shippedFreight;
    const dealer = await get(id, ADMIN);
    const restricted = await get(id, VIEWER);
    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.documentNumber, id));
    const msrp = await t.db
      .select({ lineNumber: orderLines.lineNumber, msrpCents: products.msrpCents, priceCents: orderLines.priceCents })
      .from(orderLines)
      .innerJoin(products, eq(products.sku, orderLines.sku))
      .where(eq(orderLines.orderId, row!.id));
    for (const line of msrp) {
      expect(restricted.lines.find((l) => l.lineNumber === line.lineNumber)!.price).toBe(line.msrpCents / 100);
      expect(dealer.lines.find((l) => l.lineNumber === line.lineNumber)!.price).toBe(line.priceCents / 100);
    }
    expect(msrp.some((l) => l.msrpCents !== l.priceCents)).toBe(true);
    const items = restricted.lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantityOrdered, 0);
    const charges = Object.values(restricted.charges).reduce((sum, c) => sum + Math.round(c * 100), 0);
    expect(Math.round(restricted.totals.orderAmount * 100)).toBe(items + charges + Math.round(restricted.totals.taxAmount * 100));
    expect(restricted.totals.orderAmount).not.toBe(dealer.totals.orderAmount);
  });
});

describe('list answers', () => {
  // The lists are serialized without a zod pass (http/json-lists.ts): each must be exactly its schema.
  const exactly = (schema: { parse(value: unknown): unknown }, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it('carry exactly the fields of their schemas, no more, no fewer', async () => {
    const openAnswer = (await open(ADMIN, 101)).json();
    expect(openAnswer.length).toBeGreaterThan(0);
    exactly(openOrdersResponseSchema, openAnswer);
    for (const updateType of ['any', 'entered', 'shipped', 'cancelled']) {
      const recentAnswer = (await recent(ADMIN, { timeFrame: 7, updateType })).json();
      expect(recentAnswer.orders.length, updateType).toBeGreaterThan(0);
      exactly(recentOrdersResponseSchema, recentAnswer);
    }
    const searchAnswer = (await search(ADMIN, { city: 'a', timeFrame: '2years' })).json();
    expect(searchAnswer.results.length).toBeGreaterThan(0);
    exactly(orderSearchResponseSchema, searchAnswer);
  });

  it('write timestamps as ISO 8601 UTC with milliseconds, and null where there is none', async () => {
    const answer = (await recent(ADMIN, { timeFrame: 7, updateType: 'any' })).json() as RecentOrdersResponse;
    for (const o of answer.orders) {
      expect(o.statusDates.entered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      if (o.statusDates.shipped !== null) expect(o.statusDates.shipped).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      if (o.expectedShipDate !== null) expect(o.expectedShipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(answer.orders.some((o) => o.statusDates.shipped === null)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the order calls', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/orders/open', '/api/orders/recent', '/api/orders/search', '/api/orders/detail/{id}']),
    );
  });
});
