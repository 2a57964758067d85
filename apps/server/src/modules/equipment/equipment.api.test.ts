/**
 * Issue 37 through the API, on the demo seed (embedded database, or PostgreSQL with DATABASE_URL):
 * serials from a shipment, the register import (with the command line's `import serials`),
 * Register Equipment, warranty end and next inspection at their edges, the claim lifecycle with its
 * photo checks, the parts from the catalog, scoping, and the monthly reminder's once a month.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, CLAIM_PHOTO_MAX_BYTES } from '@portal/domain/rules';
import type { EquipmentDetail, EquipmentListResponse, OrderSummary, WarrantyClaim } from '@portal/domain';
import type { Queryable } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runPortal } from '../../test-support/portal-cli.js';
import { createApiKey } from '../integration/api-keys.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { jpegWithMetadata, makePng, SAMPLE_JPEG } from './photo-fixtures.js';
import { sendMonthlyInspectionReminders } from './reminders.js';

let t: TestApp;
let key: string;
let tokens: Record<'admin' | 'buyer' | 'owner', string>;
let liftSku: string;
let partSku: string;
const today = new Date().toISOString().slice(0, 10);

const rows = async <T>(db: Queryable, statement: ReturnType<typeof sql>) => (await db.execute(statement)).rows as T[];
const one = async <T>(statement: ReturnType<typeof sql>) => (await rows<T>(t.db, statement))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'test ERP')).key;
  tokens = {
    admin: await t.login('admin@summitlift.example.com'),
    buyer: await t.login('buyer@summitlift.example.com'),
    owner: await t.login('owner@valleygarage.example.com'),
  };
  liftSku = (await one<{ sku: string }>(sql`SELECT min(sku) AS sku FROM products WHERE kind = 'two-post-lift'`)).sku;
  partSku = (await one<{ sku: string }>(sql`SELECT min(sku) AS sku FROM products WHERE kind = 'accessory'`)).sku;
  // The edges below count from a 12-month warranty.
  await t.db.execute(sql`UPDATE products SET warranty_months = 12 WHERE sku = ${liftSku}`);
});
afterAll(() => t.close());

const integration = (method: 'PUT' | 'POST', url: string, payload?: unknown, contentType = 'application/json') =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    headers: { authorization: `Bearer ${key}`, ...(payload === undefined ? {} : { 'content-type': contentType }) },
  });

const get = (user: keyof typeof tokens, url: string) => t.request({ method: 'GET', url, token: tokens[user] });
const send = (user: keyof typeof tokens, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.request({ method, url, token: tokens[user], payload: payload as Record<string, unknown> });

const unit = async (serial: string, user: keyof typeof tokens = 'admin') => {
  const response = await get(user, `/api/equipment/${serial}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EquipmentDetail;
};

/** A unit of organization 1, branch 101, of the 12-month lift, with the dates given. */
async function insertUnit(serial: string, dates: { shipped?: string | null; installed?: string | null; inspected?: string | null }) {
  await t.db.execute(sql`
    INSERT INTO equipment (serial_number, sku, organization_id, branch_id, shipped_date, installed_on, last_inspected_on)
    SELECT ${serial}, ${liftSku}, 1, b.id, ${dates.shipped ?? null}::date, ${dates.installed ?? null}::date, ${dates.inspected ?? null}::date
    FROM branches b WHERE b.organization_id = 1 AND b.branch_number = 101`);
}

const portal = (argv: string[]) => runPortal(argv, async () => t.db);

describe('serial numbers from shipments', () => {
  it('makes each serial a unit of the order organization and branch, with its order and ship date', async () => {
    const order = await insertOrder(t.db, { branchNumber: 101 });
    await t.db.execute(sql`UPDATE order_lines SET sku = ${liftSku} WHERE order_id = ${order.id}`);
    const shipped = await integration('POST', `/api/integration/orders/${order.documentNumber}/shipments`, {
      shippedDate: today,
      lines: [{ lineNumber: 1, quantityShipped: 2, serialNumbers: ['ship-test-1', ' SHIP-TEST-2 '] }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = await unit('SHIP-TEST-2');
    expect(detail).toMatchObject({ sku: liftSku, branchNumber: 101, documentNumber: order.documentNumber, shippedDate: today });
    expect(detail.warrantyEnds).toBe(addMonths(today, 12));
    expect(detail.underWarranty).toBe(true);
    expect((await unit('SHIP-TEST-1')).serialNumber).toBe('SHIP-TEST-1');
    // Sent again (a retried call), the units stay as they are, one each.
    expect(
      (
        await integration('POST', `/api/integration/orders/${order.documentNumber}/shipments`, {
          shipmentNumber: 0,
          shippedDate: today,
          lines: [{ lineNumber: 1, quantityShipped: 2, serialNumbers: ['SHIP-TEST-1', 'SHIP-TEST-2'] }],
        })
      ).statusCode,
    ).toBe(200);
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM equipment WHERE serial_number LIKE 'SHIP-TEST-%'`);
    expect(n).toBe(2);
  });

  it('refuses more serials than units, a serial twice, and another organization unit, writing nothing', async () => {
    const order = await insertOrder(t.db, { branchNumber: 101 });
    const ship = (serialNumbers: string[], quantityShipped = 2) =>
      integration('POST', `/api/integration/orders/${order.documentNumber}/shipments`, {
        shippedDate: today,
        lines: [{ lineNumber: 1, quantityShipped, serialNumbers }],
      });
    const tooMany = await ship(['X-ONE-1', 'X-ONE-2', 'X-ONE-3']);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().messages[0]).toMatchObject({
      field: 'lines.0.serialNumbers',
      message: 'Line 1 lists more serial numbers than units shipped.',
    });
    const twice = await ship(['X-TWO-1', 'x-two-1']);
    expect(twice.json().messages[0].message).toBe('Serial number X-TWO-1 appears twice in the shipment.');
    const foreign = await ship(['VGE-TC-0001']);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages[0].message).toBe("Serial number VGE-TC-0001 belongs to another organization's equipment.");
    const bad = await ship(['no spaces allowed']);
    expect(bad.statusCode).toBe(400);
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM equipment WHERE serial_number LIKE 'X-%'`);
    expect(n).toBe(0);
    const { shipments } = await one<{ shipments: number }>(
      sql`SELECT count(*)::int AS shipments FROM shipments WHERE order_id = ${order.id}`,
    );
    expect(shipments).toBe(0);
    expect((await unit('VGE-TC-0001', 'owner')).branchNumber).toBe(201);
  });
});

describe("the manufacturer's serial register", () => {
  it('checks the whole file first: one bad row and nothing is written', async () => {
    const csv = [
      'serialNumber,sku,organizationId,shippedDate',
      `REG-A-1,${liftSku},1,2025-03-01`,
      `REG-A-2,${liftSku},99999,2025-03-01`,
      `REG-A-3,NO-SUCH-SKU,1,`,
      `REG-A-1,${liftSku},1,2025-03-01`,
      `a b,${liftSku},1,2025-13-01`,
      `VGE-TC-0001,${liftSku},1,`,
    ].join('\n');
    const refused = await integration('PUT', '/api/integration/serials', csv, 'text/csv');
    expect(refused.statusCode, refused.body).toBe(422);
    const messages = refused
      .json()
      .messages.map((m: { message: string }) => m.message)
      .join('\n');
    expect(messages).toContain('Line 3');
    expect(messages).toContain('No organization has the id 99999.');
    expect(messages).toContain('No product has the SKU NO-SUCH-SKU.');
    expect(messages).toContain('Serial number REG-A-1 appears again (first at 2).');
    expect(messages).toContain('A serial number is 3 to 40 letters');
    expect(messages).toContain('Serial number VGE-TC-0001 is registered to another organization.');
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM serial_register WHERE serial_number LIKE 'REG-A-%'`);
    expect(n).toBe(0);
  });

  it('imports a good file, and the same file again writes nothing (API and command line)', async () => {
    const body = [
      { serialNumber: 'reg-b-1', sku: liftSku, organizationId: 1, shippedDate: '2025-04-01' },
      { serialNumber: 'REG-B-2', sku: liftSku, organizationId: '2', shippedDate: null },
    ];
    const first = await integration('PUT', '/api/integration/serials', body);
    expect(first.json()).toMatchObject({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    expect((await integration('PUT', '/api/integration/serials', body)).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });

    const file = path.join(os.tmpdir(), `serials-${process.pid}.csv`);
    await writeFile(file, `serialNumber,sku,organizationId,shippedDate\nREG-C-1,${liftSku},1,2025-05-01\n`);
    const cli = await portal(['import', 'serials', file]);
    expect(cli, cli.err).toMatchObject({ code: 0 });
    expect(cli.out).toContain('1 rows: 1 inserted, 0 updated, 0 unchanged.');
    await writeFile(file, `serialNumber,sku,organizationId\nREG-C-2,${liftSku},77777\n`);
    const bad = await portal(['import', 'serials', file]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('No organization has the id 77777.');
  });
});

describe('Register Equipment', () => {
  const register = (user: keyof typeof tokens, serialNumber: string, branchNumber: number) =>
    send(user, 'POST', '/api/equipment/register', { serialNumber, branchNumber });

  it("claims a serial sold to the organization, once; refuses another organization's and unknown serials", async () => {
    const own = await register('admin', 'sum-reg-0004', 102);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ serialNumber: 'SUM-REG-0004', branchNumber: 102 });
    const again = await register('admin', 'SUM-REG-0004', 101);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].message).toBe('Serial number SUM-REG-0004 is already registered to your organization.');

    const foreign = await register('admin', 'VGE-REG-0002', 101);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages[0]).toEqual({
      field: 'serialNumber',
      message: 'Serial number VGE-REG-0002 was not sold to your organization, so it cannot be registered here.',
    });
    // Organization 2 cannot take organization 1's unit, and hears nothing more about it.
    const taken = await register('owner', 'SUM-REG-0004', 201);
    expect(taken.json().messages[0].message).toBe(
      'Serial number SUM-REG-0004 was not sold to your organization, so it cannot be registered here.',
    );
    const unknown = await register('admin', 'NEVER-MADE-1', 101);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages[0].message).toContain("is not in the manufacturer's records");
    // A branch the user does not have is refused.
    expect((await register('buyer', 'REG-B-1', 102)).statusCode).toBe(403);
  });
});

describe('warranty end and next inspection', () => {
  it('covers the warranty through its last day, from the install date (else the ship date)', async () => {
    await insertUnit('EDGE-W-1', { shipped: addDays(addMonths(today, -12), -20), installed: addMonths(today, -12) });
    await insertUnit('EDGE-W-2', { shipped: addDays(addMonths(today, -12), -20), installed: addDays(addMonths(today, -12), -1) });
    await insertUnit('EDGE-W-3', { shipped: addMonths(today, -12) });
    expect(await unit('EDGE-W-1')).toMatchObject({ warrantyEnds: today, underWarranty: true });
    expect(await unit('EDGE-W-2')).toMatchObject({ warrantyEnds: addDays(today, -1), underWarranty: false });
    expect(await unit('EDGE-W-3')).toMatchObject({ warrantyEnds: today, underWarranty: true, nextInspection: null, inspectionDue: false });

    const list = (await get('admin', '/api/equipment?keyword=EDGE-W&underWarranty=true&pageSize=100')).json() as EquipmentListResponse;
    expect(list.equipment.map((e) => e.serialNumber)).toEqual(['EDGE-W-1', 'EDGE-W-3']);
    expect(list.totalResults).toBe(2);
  });

  it('is due for inspection 30 days ahead; a recorded inspection moves it 12 months on', async () => {
    await insertUnit('EDGE-I-1', { installed: addDays(addMonths(today, -12), 30) });
    await insertUnit('EDGE-I-2', { installed: addDays(addMonths(today, -12), 31) });
    const due = await unit('EDGE-I-1');
    expect(due).toMatchObject({ nextInspection: addDays(addMonths(addDays(addMonths(today, -12), 30), 12), 0), inspectionDue: true });
    expect(await unit('EDGE-I-2')).toMatchObject({ inspectionDue: false });
    const list = (await get('admin', '/api/equipment?keyword=EDGE-I&inspectionDue=true')).json() as EquipmentListResponse;
    expect(list.equipment.map((e) => e.serialNumber)).toEqual(['EDGE-I-1']);

    const recorded = await send('admin', 'POST', '/api/equipment/EDGE-I-1/inspections', {
      inspectedOn: today,
      inspector: 'Pat Quinn (ALI)',
      passed: false,
      notes: 'Cable worn; replace before use.',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = recorded.json() as EquipmentDetail;
    expect(after).toMatchObject({ lastInspectedOn: today, nextInspection: addMonths(today, 12), inspectionDue: false });
    expect(after.inspections[0]).toMatchObject({
      inspectedOn: today,
      inspector: 'Pat Quinn (ALI)',
      passed: false,
      recordedBy: 'Dana Whitfield',
    });
    // An older inspection recorded late does not move the next one back.
    await send('admin', 'POST', '/api/equipment/EDGE-I-1/inspections', {
      inspectedOn: addDays(today, -100),
      inspector: 'Late entry',
      passed: true,
    });
    expect((await unit('EDGE-I-1')).nextInspection).toBe(addMonths(today, 12));
    const future = await send('admin', 'POST', '/api/equipment/EDGE-I-1/inspections', {
      inspectedOn: addDays(today, 1),
      inspector: 'X',
      passed: true,
    });
    expect(future.json().messages[0]).toMatchObject({ field: 'inspectedOn', message: 'The inspection date cannot be in the future.' });
    const noInspector = await send('admin', 'POST', '/api/equipment/EDGE-I-1/inspections', {
      inspectedOn: today,
      inspector: ' ',
      passed: true,
    });
    expect(noInspector.statusCode).toBe(400);
  });

  it('sets Installed On and Location; refuses a date ahead or before the unit shipped', async () => {
    await insertUnit('EDGE-L-1', { shipped: addDays(today, -50) });
    const set = await send('admin', 'PUT', '/api/equipment/EDGE-L-1', {
      installedOn: addDays(today, -40),
      locationName: 'Front Range Tire',
      locationAddress: '1550 Wynkoop St, Denver, CO 80202',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      installedOn: addDays(today, -40),
      locationName: 'Front Range Tire',
      warrantyEnds: addMonths(addDays(today, -40), 12),
      nextInspection: addMonths(addDays(today, -40), 12),
    });
    const ahead = await send('admin', 'PUT', '/api/equipment/EDGE-L-1', { installedOn: addDays(today, 1) });
    expect(ahead.json().messages[0]).toEqual({ field: 'installedOn', message: 'The install date cannot be in the future.' });
    const before = await send('admin', 'PUT', '/api/equipment/EDGE-L-1', { installedOn: addDays(today, -51) });
    expect(before.json().messages[0].message).toBe('The install date cannot be before the unit shipped.');
    expect((await unit('EDGE-L-1')).locationName).toBe('Front Range Tire');
  });
});

describe('the equipment list', () => {
  it('pages by serial number, filters by keyword, and exports CSV', async () => {
    const page1 = (await get('admin', '/api/equipment?pageSize=10')).json() as EquipmentListResponse;
    expect(page1.equipment).toHaveLength(10);
    expect(page1.totalResults).toBeGreaterThan(10);
    const page2 = (await get('admin', '/api/equipment?pageSize=10&page=2')).json() as EquipmentListResponse;
    expect(page2.equipment[0]!.serialNumber > page1.equipment[9]!.serialNumber).toBe(true);
    expect(page2.totalResults).toBe(page1.totalResults);
    // A page past the end has no rows to carry the count: it is counted on its own, the same total.
    const pastEnd = (await get('admin', '/api/equipment?pageSize=10&page=999')).json() as EquipmentListResponse;
    expect(pastEnd).toMatchObject({ equipment: [], totalResults: page1.totalResults, page: 999 });
    const keywordPastEnd = (await get('admin', '/api/equipment?pageSize=10&page=999&keyword=SUM-')).json() as EquipmentListResponse;
    const keywordFirst = (await get('admin', '/api/equipment?pageSize=10&keyword=SUM-')).json() as EquipmentListResponse;
    expect(keywordPastEnd.totalResults).toBe(keywordFirst.totalResults);
    expect(keywordFirst.totalResults).toBeGreaterThan(0);
    const byLocation = (await get('admin', '/api/equipment?keyword=denver%2C%20co%2080220')).json() as EquipmentListResponse;
    expect(byLocation.equipment.map((e) => e.serialNumber)).toContain('SUM-2P-0001');
    const branch102 = (await get('admin', '/api/equipment?branchNumber=102&keyword=SUM-')).json() as EquipmentListResponse;
    expect(branch102.equipment.every((e) => e.branchNumber === 102)).toBe(true);
    expect((await get('admin', '/api/equipment?pageSize=7')).statusCode).toBe(400);
    expect((await get('buyer', '/api/equipment?branchNumber=102')).statusCode).toBe(403);

    const csv = await get('admin', '/api/equipment.csv?keyword=EDGE-W');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Serial Number,Model,Description,Shipped,Installed,Location,Location Address,Warranty Ends,Next Inspection,SKU,Branch,Order,Under Warranty,Inspection Due',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['EDGE-W-1', 'EDGE-W-2', 'EDGE-W-3']);
  });
});

describe('pages read from the nearer end', () => {
  /** Every page of a list, in order, put together. */
  async function allPages(query: string, pageSize: number) {
    const first = (await get('admin', `/api/equipment?pageSize=${pageSize}${query}`)).json() as EquipmentListResponse;
    const pages = Math.ceil(first.totalResults / pageSize);
    const serials = first.equipment.map((e) => e.serialNumber);
    for (let page = 2; page <= pages; page++) {
      const next = (await get('admin', `/api/equipment?pageSize=${pageSize}&page=${page}${query}`)).json() as EquipmentListResponse;
      expect(next.totalResults).toBe(first.totalResults);
      expect(next.equipment.length).toBe(page < pages ? pageSize : first.totalResults - (pages - 1) * pageSize);
      serials.push(...next.equipment.map((e) => e.serialNumber));
    }
    return { serials, total: first.totalResults };
  }

  it('gives the same units in the same order on every page, the pages of the second half walked backwards', async () => {
    for (const query of ['', '&inspectionDue=true', '&underWarranty=true', '&branchNumber=101']) {
      const { serials, total } = await allPages(query, 10);
      expect(serials, query).toHaveLength(total);
      expect(new Set(serials).size, query).toBe(total);
      expect(serials, query).toEqual([...serials].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      // The same units whatever the page size (pages split at other places, other walks taken).
      expect((await allPages(query, 25)).serials, query).toEqual(serials);
    }
  });
});

describe('page anchors (0030_equipment_page_anchors)', () => {
  const branchList = (page: number) => get('admin', `/api/equipment?branchNumber=101&pageSize=100&page=${page}`);
  /** Branch 101's serial numbers in list order, counted directly. */
  const branchSerials = async () =>
    (
      await rows<{ serial_number: string }>(
        t.db,
        sql`SELECT e.serial_number FROM equipment e JOIN branches b ON b.id = e.branch_id
            WHERE e.organization_id = 1 AND b.branch_number = 101 ORDER BY e.serial_number`,
      )
    ).map((r) => r.serial_number);
  const anchors = () =>
    rows<{ version: number; position: number; serial_number: string }>(
      t.db,
      sql`SELECT a.version, a.position, a.serial_number FROM equipment_page_anchors a JOIN branches b ON b.id = a.branch_id
          WHERE a.organization_id = 1 AND b.branch_number = 101 ORDER BY a.version, a.position`,
    );
  const version = async () =>
    (
      await one<{ version: number }>(sql`SELECT v.version FROM equipment_unit_versions v JOIN branches b ON b.id = v.branch_id
                                        WHERE v.organization_id = 1 AND b.branch_number = 101`)
    ).version;
  /** Every page of branch 101 put together, each checked against the units counted directly. */
  async function expectEveryPageRight() {
    const expected = await branchSerials();
    const pages = Math.ceil(expected.length / 100);
    for (let page = 1; page <= pages; page++) {
      const list = (await branchList(page)).json() as EquipmentListResponse;
      expect(list.totalResults).toBe(expected.length);
      expect(
        list.equipment.map((e) => e.serialNumber),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 100, page * 100));
    }
  }

  it('starts deep pages from anchors of the units the list sees, built once per change of the branch', async () => {
    // 1,200 more units in branch 101: anchors at positions 0, 500, 1000, ...
    await t.db.execute(sql`
      INSERT INTO equipment (serial_number, sku, organization_id, branch_id, shipped_date)
      SELECT 'ANCHOR-' || lpad(n::text, 5, '0'), ${liftSku}, 1, b.id, ${today}::date
      FROM branches b, generate_series(1, 1200) n WHERE b.organization_id = 1 AND b.branch_number = 101`);
    try {
      // Anchors of an earlier version may be left from other lists; none is of the version now.
      const current = await version();
      expect((await anchors()).filter((a) => a.version === current)).toEqual([]);
      await expectEveryPageRight();
      const built = await anchors();
      const serials = await branchSerials();
      expect(built.map((a) => a.position)).toEqual(serials.map((_, i) => i).filter((i) => i % 500 === 0));
      expect(built.map((a) => a.serial_number)).toEqual(built.map((a) => serials[a.position]));
      expect(new Set(built.map((a) => a.version))).toEqual(new Set([await version()]));

      // Installing a unit changes neither the set nor the order: the version and anchors stay.
      const before = await version();
      await t.db.execute(sql`UPDATE equipment SET installed_on = ${today}::date WHERE serial_number = 'ANCHOR-00700'`);
      expect(await version()).toBe(before);

      // A unit sorting before every anchor but the first moves the version: the old anchors are not
      // used (every page still right, shifted by one), and the next list builds the new ones.
      await insertUnit('ANCHOR-00000', { shipped: today });
      expect(await version()).toBe(before + 1);
      await expectEveryPageRight();
      expect(new Set((await anchors()).map((a) => a.version))).toEqual(new Set([before + 1]));
      await expectEveryPageRight();

      // Moving a unit to another branch moves the version too.
      await t.db.execute(sql`UPDATE equipment SET branch_id = (SELECT id FROM branches WHERE organization_id = 1 AND branch_number = 102)
                             WHERE serial_number = 'ANCHOR-00001'`);
      expect(await version()).toBe(before + 2);
      await expectEveryPageRight();
    } finally {
      await t.db.execute(sql`DELETE FROM equipment WHERE serial_number LIKE 'ANCHOR-%'`);
    }
    await expectEveryPageRight();
  });
});

describe("the list's count (kept by triggers, 0026_equipment_counts)", () => {
  /** What the API counts for the administrator (every branch of organization 1), and what counting the units gives. */
  async function counts() {
    const all = (await get('admin', '/api/equipment?pageSize=10')).json() as EquipmentListResponse;
    const due = (await get('admin', '/api/equipment?pageSize=10&inspectionDue=true')).json() as EquipmentListResponse;
    const direct = await one<{ all: number; due: number }>(sql`
      SELECT count(*)::int AS all,
             count(*) FILTER (WHERE (coalesce(last_inspected_on, installed_on) + make_interval(months => 12))::date <= ${today}::date + 30)::int AS due
      FROM equipment WHERE organization_id = 1`);
    return { api: { all: all.totalResults, due: due.totalResults }, direct };
  }

  it('equals counting the units through inserts, install dates, inspections, branch moves and deletes', async () => {
    const expectSame = async () => {
      const { api, direct } = await counts();
      expect(api).toEqual(direct);
      return api;
    };
    const before = await expectSame();
    await insertUnit('COUNT-1', { installed: addMonths(today, -13) });
    await insertUnit('COUNT-2', { shipped: addDays(today, -5) });
    await insertUnit('COUNT-3', { installed: addMonths(today, -2), inspected: addMonths(today, -12) });
    expect(await expectSame()).toEqual({ all: before.all + 3, due: before.due + 2 });
    // Installed long ago: now due; inspected today: no longer due; a location alone moves nothing.
    await t.db.execute(sql`UPDATE equipment SET installed_on = ${addMonths(today, -14)}::date WHERE serial_number = 'COUNT-2'`);
    await t.db.execute(sql`UPDATE equipment SET last_inspected_on = ${today}::date WHERE serial_number = 'COUNT-1'`);
    await t.db.execute(sql`UPDATE equipment SET location_name = 'Somewhere' WHERE serial_number = 'COUNT-3'`);
    expect(await expectSame()).toEqual({ all: before.all + 3, due: before.due + 2 });
    // Moved to another organization's branch, then deleted: the counts follow.
    await t.db.execute(sql`
      UPDATE equipment SET organization_id = b.organization_id, branch_id = b.id
      FROM branches b WHERE b.organization_id <> 1 AND equipment.serial_number = 'COUNT-2'
        AND b.id = (SELECT min(id) FROM branches WHERE organization_id <> 1)`);
    expect(await expectSame()).toEqual({ all: before.all + 2, due: before.due + 1 });
    await t.db.execute(sql`DELETE FROM equipment WHERE serial_number IN ('COUNT-1', 'COUNT-2', 'COUNT-3')`);
    expect(await expectSame()).toEqual(before);
    const leftovers = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM equipment_counts WHERE units <= 0`);
    expect(leftovers.n).toBe(0);
  });
});

describe('the kept warranty end and the keyword (0027_equipment_list_filters)', () => {
  /** Units whose kept warranty end differs from the rule computed from their product. */
  const unitsOffTheRule = async () =>
    (
      await one<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM equipment e LEFT JOIN products p ON p.sku = e.sku
        WHERE e.warranty_ends IS DISTINCT FROM (coalesce(e.installed_on, e.shipped_date) + make_interval(months => p.warranty_months))::date`)
    ).n;

  it("follows install dates, the product's months, and a product that arrives after its units", async () => {
    expect(await unitsOffTheRule()).toBe(0);
    const shipped = addDays(today, -100);
    await insertUnit('KEPT-1', { shipped });
    expect((await unit('KEPT-1')).warrantyEnds).toBe(addMonths(shipped, 12));
    await t.db.execute(sql`UPDATE equipment SET installed_on = ${addDays(shipped, 10)}::date WHERE serial_number = 'KEPT-1'`);
    expect((await unit('KEPT-1')).warrantyEnds).toBe(addMonths(addDays(shipped, 10), 12));
    try {
      await t.db.execute(sql`UPDATE products SET warranty_months = 24 WHERE sku = ${liftSku}`);
      expect((await unit('KEPT-1')).warrantyEnds).toBe(addMonths(addDays(shipped, 10), 24));
      expect(await unitsOffTheRule()).toBe(0);
    } finally {
      await t.db.execute(sql`UPDATE products SET warranty_months = 12 WHERE sku = ${liftSku}`);
    }
    expect((await unit('KEPT-1')).warrantyEnds).toBe(addMonths(addDays(shipped, 10), 12));

    // A serial the manufacturer recorded before its product was in the catalog: no end until the product arrives.
    await t.db.execute(sql`
      INSERT INTO equipment (serial_number, sku, organization_id, branch_id, shipped_date)
      SELECT 'KEPT-2', 'KEPT-LATE-SKU', 1, b.id, ${shipped}::date FROM branches b WHERE b.organization_id = 1 AND b.branch_number = 101`);
    expect((await unit('KEPT-2')).warrantyEnds).toBeNull();
    await t.db.execute(sql`
      INSERT INTO products (sku, brand, model, label, msrp_cents, warranty_months)
      VALUES ('KEPT-LATE-SKU', 'Summit', 'KL-9000', 'Kept Late Mobile Column Lift', 100, 6)`);
    expect((await unit('KEPT-2')).warrantyEnds).toBe(addMonths(shipped, 6));
    expect(await unitsOffTheRule()).toBe(0);

    // Found by the product's model or description, in any case; a phrase across two columns finds nothing.
    const found = async (keyword: string, filters = '') =>
      (
        (await get('admin', `/api/equipment?pageSize=100&keyword=${encodeURIComponent(keyword)}${filters}`)).json() as EquipmentListResponse
      ).equipment.map((e) => e.serialNumber);
    expect(await found('kl-90')).toEqual(['KEPT-2']);
    expect(await found('LATE MOBILE')).toEqual(['KEPT-2']);
    expect(await found('kept-late-sku')).toEqual(['KEPT-2']);
    expect(await found('KL-9000 Kept')).toEqual([]);

    // The keyword reads the products' narrow copy (0029): it follows a renamed model and label at once,
    // an update that leaves them alone changes nothing, and a deleted product's text goes.
    await t.db.execute(sql`UPDATE products SET model = 'KL-9100', label = 'Kept Late Renamed Lift' WHERE sku = 'KEPT-LATE-SKU'`);
    expect(await found('kl-90')).toEqual([]);
    expect(await found('kl-91')).toEqual(['KEPT-2']);
    // The index reads a dash as the letter q (0029); the columns themselves decide.
    expect(await found('KLQ91')).toEqual([]);
    expect(await found('late renamed')).toEqual(['KEPT-2']);
    expect(await found('late mobile')).toEqual([]);
    await t.db.execute(sql`UPDATE products SET msrp_cents = 200 WHERE sku = 'KEPT-LATE-SKU'`);
    expect(await found('kl-91')).toEqual(['KEPT-2']);
    // With another filter: KEPT-2 (shipped 100 days ago, 6 months) is under warranty and never inspected.
    expect(await found('kl-91', '&underWarranty=true')).toEqual(['KEPT-2']);
    expect(await found('kl-91', '&inspectionDue=true')).toEqual([]);
    await t.db.execute(sql`DELETE FROM equipment WHERE serial_number IN ('KEPT-1', 'KEPT-2')`);
    await t.db.execute(sql`DELETE FROM products WHERE sku = 'KEPT-LATE-SKU'`);
    const copiesOffProducts = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        (SELECT sku, lower(sku), lower(model), lower(label) FROM products
         EXCEPT SELECT sku, sku_lower, model_lower, label_lower FROM equipment_product_texts)
        UNION ALL
        (SELECT sku, sku_lower, model_lower, label_lower FROM equipment_product_texts
         EXCEPT SELECT sku, lower(sku), lower(model), lower(label) FROM products)) d`);
    expect(copiesOffProducts.n).toBe(0);
  });
});

describe('warranty claims', () => {
  const claim = (payload: Record<string, unknown>, user: keyof typeof tokens = 'admin') =>
    send(user, 'POST', '/api/warranty-claims', payload);
  const claimCount = async () => (await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM warranty_claims`))[0]!.n;

  it('files a claim with photos stripped of metadata, served to the organization only', async () => {
    const subscribed = await integration('POST', '/api/integration/webhooks', {
      url: 'https://erp.example.com/hooks',
      events: ['warranty_claim.submitted'],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const response = await claim({
      serialNumber: 'SHIP-TEST-1',
      problemDescription: 'Hydraulic leak at the left cylinder.',
      photos: [
        { fileName: 'IMG_0001.JPG', data: jpegWithMetadata().toString('base64') },
        { fileName: 'cylinder.png', data: makePng({ text: 'GPS secret' }).toString('base64') },
      ],
      parts: [{ sku: partSku, quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const filed = response.json() as WarrantyClaim;
    expect(filed).toMatchObject({ serialNumber: 'SHIP-TEST-1', status: 'Submitted', underWarranty: true, createdBy: 'Dana Whitfield' });
    expect(filed.parts).toEqual([{ sku: partSku, description: expect.any(String), quantity: 2 }]);
    expect(filed.photos.map((p) => [p.fileName, p.contentType])).toEqual([
      ['IMG_0001.jpg', 'image/jpeg'],
      ['cylinder.png', 'image/png'],
    ]);
    expect(filed.history).toEqual([{ status: 'Submitted', message: '', changedAt: expect.any(String) }]);

    const photo = await get('admin', `/api/warranty-claims/${filed.id}/photos/${filed.photos[0]!.id}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(SAMPLE_JPEG)).toBe(true);
    expect(photo.rawPayload.toString('latin1')).not.toContain('GPS');
    const png = await get('admin', `/api/warranty-claims/${filed.id}/photos/${filed.photos[1]!.id}`);
    expect(png.rawPayload.toString('latin1')).not.toContain('GPS secret');
    // Another organization, and a photo of another claim, answer 404.
    expect((await get('owner', `/api/warranty-claims/${filed.id}/photos/${filed.photos[0]!.id}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/warranty-claims/1/photos/${filed.photos[0]!.id}`)).statusCode).toBe(404);

    const [event] = await rows<{ data: { id: number; serialNumber: string; photoCount: number } }>(
      t.db,
      sql`SELECT data FROM webhook_events WHERE type = 'warranty_claim.submitted'`,
    );
    expect(event!.data).toMatchObject({ id: filed.id, serialNumber: 'SHIP-TEST-1', photoCount: 2, underWarranty: true });
  });

  it('refuses a renamed non-image, an oversized photo, a sixth photo and an unknown part, filing nothing', async () => {
    const before = await claimCount();
    const base = { serialNumber: 'SHIP-TEST-1', problemDescription: 'Leak.', parts: [] };
    const renamed = await claim({ ...base, photos: [{ fileName: 'lift.jpg', data: Buffer.from('%PDF-1.7\n%fake').toString('base64') }] });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().messages[0]).toEqual({ field: 'photos.0', message: 'lift.jpg is not a JPEG or PNG image.' });
    const big = makePng({ minBytes: CLAIM_PHOTO_MAX_BYTES });
    const oversized = await claim({ ...base, photos: [{ fileName: 'big.png', data: big.toString('base64') }] });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().messages[0]).toEqual({ field: 'photos.0', message: 'big.png is larger than 10 MB.' });
    const photo = { fileName: 'a.jpg', data: SAMPLE_JPEG.toString('base64') };
    const six = await claim({ ...base, photos: Array.from({ length: 6 }, () => photo) });
    expect(six.statusCode).toBe(400);
    const part = await claim({
      ...base,
      parts: [
        { sku: partSku, quantity: 1 },
        { sku: 'NO-SUCH-PART', quantity: 1 },
      ],
    });
    expect(part.statusCode).toBe(400);
    expect(part.json().messages).toEqual([{ field: 'parts.1.sku', message: 'NO-SUCH-PART is not a product of your catalog.' }]);
    const twice = await claim({
      ...base,
      parts: [
        { sku: partSku, quantity: 1 },
        { sku: partSku, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().messages).toEqual([{ field: 'parts.1.sku', message: `${partSku} is listed twice; give one quantity.` }]);
    const none = await claim({ ...base, parts: [{ sku: partSku, quantity: 0 }] });
    expect(none.json().messages).toEqual([{ field: 'parts.0.quantity', message: 'A part quantity is at least 1.' }]);
    expect(await claimCount()).toBe(before);
  });

  it("finds parts in the user's catalogs by SKU or name, and refuses a part of a catalog the organization lacks", async () => {
    const search = async (user: keyof typeof tokens, q: string) => {
      const response = await get(user, `/api/warranty-claims/parts?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { parts: { sku: string; description: string }[] }).parts;
    };
    const { label } = await one<{ label: string }>(sql`SELECT label FROM products WHERE sku = ${partSku}`);
    const bySku = await search('admin', partSku.toLowerCase());
    expect(bySku[0]).toEqual({ sku: partSku, description: label });
    const word = label.split(/\s+/).find((w) => w.length >= 4)!;
    const byName = await search('admin', word);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.length).toBeLessThanOrEqual(10);
    expect(byName.every((p) => p.description.toLowerCase().includes(word.toLowerCase()) || p.sku.includes(word))).toBe(true);
    expect(await search('admin', '%_%')).toEqual([]);
    expect((await get('admin', '/api/warranty-claims/parts?q=x')).statusCode).toBe(400);

    // A product only catalogs of other organizations list: not found, and refused on a claim.
    const foreign = await one<{ sku: string } | undefined>(sql`
      SELECT min(cp.sku) AS sku FROM catalog_products cp
      WHERE NOT EXISTS (SELECT 1 FROM catalog_products mine JOIN organization_catalogs oc ON oc.catalog_id = mine.catalog_id
                        WHERE mine.sku = cp.sku AND oc.organization_id = 2)`);
    expect(foreign?.sku).toBeTruthy();
    expect(await search('owner', foreign!.sku)).toEqual([]);
    const refused = await claim(
      { serialNumber: 'VGE-TC-0001', problemDescription: 'Bead breaker weak.', parts: [{ sku: foreign!.sku, quantity: 1 }] },
      'owner',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([{ field: 'parts.0.sku', message: `${foreign!.sku} is not a product of your catalog.` }]);
  });

  it('marks a claim filed out of warranty; another organization unit answers 404', async () => {
    const out = await claim({ serialNumber: 'EDGE-W-2', problemDescription: 'Arm pin worn.' });
    expect(out.json()).toMatchObject({ underWarranty: false, status: 'Submitted' });
    expect((await claim({ serialNumber: 'VGE-TC-0001', problemDescription: 'x' })).statusCode).toBe(404);
  });

  it('moves through the statuses set by the manufacturer, mailing the author each change, and becomes a no-charge order', async () => {
    const filed = (
      await claim({ serialNumber: 'SHIP-TEST-2', problemDescription: 'Lock bar broken.', parts: [{ sku: partSku, quantity: 1 }] }, 'buyer')
    ).json() as WarrantyClaim;
    const notYet = await integration('POST', `/api/integration/warranty-claims/${filed.id}/order`);
    expect(notYet.statusCode).toBe(409);

    const review = await integration('PUT', `/api/integration/warranty-claims/${filed.id}`, { status: 'In Review' });
    expect(review.json()).toEqual({ id: filed.id, status: 'In Review', changed: true });
    const approved = await integration('PUT', `/api/integration/warranty-claims/${filed.id}`, {
      status: 'Approved',
      message: 'Approved: a new lock bar ships this week.',
    });
    expect(approved.json()).toMatchObject({ status: 'Approved', changed: true });
    const repeat = await integration('PUT', `/api/integration/warranty-claims/${filed.id}`, { status: 'Approved' });
    expect(repeat.json()).toMatchObject({ changed: false });
    expect((await integration('PUT', `/api/integration/warranty-claims/${filed.id}`, { status: 'Lost' })).statusCode).toBe(400);
    expect((await integration('PUT', '/api/integration/warranty-claims/999999', { status: 'Approved' })).statusCode).toBe(404);

    const detail = (await get('buyer', `/api/warranty-claims/${filed.id}`)).json() as WarrantyClaim;
    expect(detail.status).toBe('Approved');
    expect(detail.history.map((h) => [h.status, h.message])).toEqual([
      ['Submitted', ''],
      ['In Review', ''],
      ['Approved', 'Approved: a new lock bar ships this week.'],
    ]);
    const mails = await rows<{ to_address: string; subject: string; text_body: string }>(
      t.db,
      sql`SELECT to_address, subject, text_body FROM mail_outbox WHERE dedupe_key LIKE ${`warranty-claim:${filed.id}:%`} ORDER BY id`,
    );
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['buyer@summitlift.example.com', `Warranty claim ${filed.id}: In Review`],
      ['buyer@summitlift.example.com', `Warranty claim ${filed.id}: Approved`],
    ]);
    expect(mails[1]!.text_body).toContain('a new lock bar ships this week');

    const placed = await integration('POST', `/api/integration/warranty-claims/${filed.id}/order`);
    expect(placed.statusCode, placed.body).toBe(200);
    const { documentNumber } = placed.json() as { documentNumber: number };
    expect(placed.json()).toMatchObject({ created: true });
    expect((await integration('POST', `/api/integration/warranty-claims/${filed.id}/order`)).json()).toEqual({
      id: filed.id,
      documentNumber,
      created: false,
    });
    const open = await send('buyer', 'POST', '/api/orders/open', { branchNumber: 101 });
    const order = (open.json() as OrderSummary[]).find((o) => o.documentNumber === documentNumber);
    expect(order).toMatchObject({ statusCode: 10, orderAmount: 0 });
    expect(((await get('buyer', `/api/warranty-claims/${filed.id}`)).json() as WarrantyClaim).documentNumber).toBe(documentNumber);
    // Its lines are the claim's parts, at no charge.
    const lines = await rows<{ sku: string; quantity_ordered: number; price_cents: number }>(
      t.db,
      sql`SELECT l.sku, l.quantity_ordered, l.price_cents FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.document_number = ${documentNumber} ORDER BY l.line_number`,
    );
    expect(lines.map((l) => [l.sku, Number(l.quantity_ordered), Number(l.price_cents)])).toEqual([[partSku, 1, 0]]);
  });

  it('lists the claims of the user branches only', async () => {
    const admin = (await get('admin', '/api/warranty-claims')).json() as { claims: { id: number; serialNumber: string }[] };
    expect(admin.claims.some((c) => c.serialNumber === 'SUM-2P-0001')).toBe(true);
    const owner = (await get('owner', '/api/warranty-claims')).json() as { claims: { serialNumber: string }[] };
    expect(owner.claims.every((c) => !c.serialNumber.startsWith('SUM-') && !c.serialNumber.startsWith('SHIP-'))).toBe(true);
    expect((await get('owner', '/api/warranty-claims/1')).statusCode).toBe(404);
  });
});

describe('scoping', () => {
  it("answers 404 for another organization's unit, and for a unit of a branch the user lacks", async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/equipment/SUM-2P-0001', undefined],
      ['PUT', '/api/equipment/SUM-2P-0001', { installedOn: null }],
      ['POST', '/api/equipment/SUM-2P-0001/inspections', { inspectedOn: today, inspector: 'X', passed: true }],
    ] as const) {
      const response = await t.request({ method, url, token: tokens.owner, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Mile High');
    }
    expect((await get('buyer', '/api/equipment/SUM-SC-0003')).statusCode).toBe(404);
    expect((await get('admin', '/api/equipment/SUM-SC-0003')).statusCode).toBe(200);
    const ownerList = (await get('owner', '/api/equipment?pageSize=100')).json() as EquipmentListResponse;
    expect(ownerList.equipment.every((e) => e.branchNumber === 201)).toBe(true);
    expect((await get('admin', '/api/equipment/inspections-due')).json().count).toBeGreaterThan(0);
  });
});

describe('the monthly inspection reminder', () => {
  // Two server processes checking at once on one database: process/inspection-reminder-processes.test.ts.
  it('is sent once per organization and month, on the first days of a month only', async () => {
    const firstOfMonth = new Date(`${addMonths(today.slice(0, 8) + '01', 1)}T06:00:00Z`);
    const month = firstOfMonth.toISOString().slice(0, 7);
    expect(await sendMonthlyInspectionReminders(t.db, new Date(`${month}-04T06:00:00Z`))).toEqual([]);
    expect(await sendMonthlyInspectionReminders(t.db, firstOfMonth)).toContain(1);
    const mails = await rows<{ to_address: string; text_body: string }>(
      t.db,
      sql`SELECT to_address, text_body FROM mail_outbox WHERE dedupe_key LIKE ${`inspection-reminder:1:${month}:%`}`,
    );
    // Organization 1's users with manageUsers: the admin (inherited roles) only.
    expect(mails.map((m) => m.to_address)).toEqual(['admin@summitlift.example.com']);
    expect(mails[0]!.text_body).toContain('SUM-2P-0001');
    // Again the same day or later the same month, nothing more.
    expect(await sendMonthlyInspectionReminders(t.db, firstOfMonth)).toEqual([]);
    expect(await sendMonthlyInspectionReminders(t.db, new Date(firstOfMonth.getTime() + 86_400_000))).toEqual([]);
  });
});
