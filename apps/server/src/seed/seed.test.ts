/**
 * The demo-data contract (docs/demo-data.md and the design's demo-data.md): seeds in-memory PGlite
 * databases and checks the fixed names, flags and examples, the generated history's invariants and
 * that seeding is deterministic.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ROLE_KEYS, US_STATES } from '@portal/domain/rules';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { verifyPassword } from '../modules/auth/index.js';
import { refreshFeatured } from '../modules/catalog/index.js';
import { BRANDS } from './brands.js';
import { FEATURED_ORDERS, FEATURED_ORDER_CASES, FEATURED_SKUS } from './featured.js';
import { ORDER_SCRIPT } from './order-script.js';
import { DEMO_PASSWORD } from './organizations.js';
import { KIND_CATEGORIES } from './product-kinds.js';
import { seedDatabase, seedDemoIfEmpty } from './seed.js';

const NOW = new Date('2026-03-02T15:30:00.000Z');
const DAY = 86_400_000;
const STATUS_CODES = [-10, 0, 10, 15, 20, 25, 30, 40, 50, 55, 59, 60, 70, 80, 90, 100];

let main: DatabaseHandle;
let other: DatabaseHandle;
let seededOther: boolean;

type Row = Record<string, unknown>;
const rows = async <T extends Row = Row>(query: SQL, db: DatabaseHandle = main): Promise<T[]> => (await db.db.execute(query)).rows as T[];
const one = async <T extends Row = Row>(query: SQL, db: DatabaseHandle = main): Promise<T> => (await rows<T>(query, db))[0]!;

beforeAll(async () => {
  main = await openDatabase({ kind: 'pglite' });
  other = await openDatabase({ kind: 'pglite' });
  await Promise.all([main.migrate(), other.migrate()]);
  await seedDatabase(main.db, { size: 'demo', now: NOW });
  // The other database goes through the start-up path, seeded "now": only timestamps may differ.
  seededOther = await seedDemoIfEmpty(other.db);
}, 120_000);

afterAll(async () => {
  await main?.close();
  await other?.close();
});

describe('organizations', () => {
  it('has the three demo organizations with their flags and fees', async () => {
    const orgs = await rows(sql`SELECT * FROM organizations ORDER BY id`);
    expect(orgs.map((o) => [o.id, o.name])).toEqual([
      [1, 'Summit Lift Supply'],
      [2, 'Valley Garage Equipment'],
      [3, 'Coastal Auto Service'],
    ]);
    const flags = (o: Row) => [
      o.allow_badge_scan,
      o.allow_cash_sales,
      o.allow_price_override,
      o.allow_on_account,
      o.allow_terminals,
      o.allow_taken_by,
      o.allow_card_payments,
      o.is_taxable,
    ];
    expect(flags(orgs[0]!)).toEqual([true, true, true, true, true, true, true, true]);
    expect(flags(orgs[1]!)).toEqual([false, false, false, false, false, false, true, false]);
    expect(flags(orgs[2]!)).toEqual([false, false, false, false, false, false, false, true]);
    const fees = (o: Row) => [o.fee_forklift_cents, o.fee_liftgate_cents, o.fee_residential_cents, o.fee_notice_cents];
    expect(orgs.map(fees)).toEqual([
      [17500, 9500, 8500, 2500],
      [15000, 8000, 6500, 2000],
      [0, 0, 0, 0],
    ]);
    for (const o of orgs) expect([...(o.roles as string[])].sort()).toEqual([...ROLE_KEYS].sort());
    expect(orgs[1]!.price_list_id).not.toBeNull();
    expect(orgs[0]!.price_list_id).toBeNull();
  });

  it('has the branches, catalogs, terminals and sales reps', async () => {
    const branches = await rows(sql`SELECT organization_id, branch_number, name FROM branches ORDER BY branch_number`);
    expect(branches.map((b) => [b.organization_id, b.branch_number, b.name])).toEqual([
      [1, 101, 'Denver'],
      [1, 102, 'Boise'],
      [1, 103, 'Phoenix'],
      [2, 201, 'Fresno'],
      [3, 301, 'Savannah'],
    ]);
    const catalogs = await rows(sql`SELECT id, label, ships_only_from FROM catalogs ORDER BY id`);
    expect(catalogs).toEqual([
      { id: 'lifts', label: 'Lifts & Equipment', ships_only_from: null },
      { id: 'show', label: 'SEMA Show Specials', ships_only_from: 'SHW2' },
    ]);
    const orgCatalogs = await rows(sql`SELECT organization_id, catalog_id FROM organization_catalogs ORDER BY organization_id, position`);
    expect(orgCatalogs.map((c) => `${c.organization_id}:${c.catalog_id}`)).toEqual(['1:lifts', '1:show', '2:lifts', '3:lifts']);
    const distinctLists = await one(sql`SELECT count(DISTINCT price_list_id)::int AS n FROM catalogs`);
    expect(distinctLists.n).toBe(2);
    expect(await rows(sql`SELECT id, organization_id, name FROM terminals ORDER BY id`)).toEqual([
      { id: 'tmr_front_counter', organization_id: 1, name: 'Front Counter' },
      { id: 'tmr_show_floor', organization_id: 1, name: 'Show Floor' },
    ]);
    const takenBys = await rows(sql`SELECT organization_id, name FROM taken_bys ORDER BY name`);
    expect(takenBys).toEqual([
      { organization_id: 1, name: 'Alex Moreno' },
      { organization_id: 1, name: 'Casey Lin' },
      { organization_id: 1, name: 'Jordan Price' },
    ]);
  });

  it('has warehouses whose regions cover all 50 states', async () => {
    const warehouses = await rows<{ code: string; region_states: string[] }>(sql`SELECT code, region_states FROM warehouses`);
    const byCode = new Map(warehouses.map((w) => [w.code, w.region_states]));
    expect(byCode.get('SHW2')).toEqual([]);
    expect(byCode.get('B250')).toEqual(expect.arrayContaining(['CO', 'WY', 'MT', 'NM', 'UT', 'KS', 'NE']));
    const regional = warehouses.filter((w) => w.code !== 'B250' && w.code !== 'SHW2');
    expect(regional.length).toBeGreaterThanOrEqual(3);
    const covered = new Set(regional.flatMap((w) => w.region_states));
    for (const state of US_STATES) expect(covered.has(state.code), state.code).toBe(true);
  });
});

describe('users', () => {
  type UserRow = Row & { email: string; roles: string[]; branches: number[] };
  let users: Map<string, UserRow>;
  beforeAll(async () => {
    const list = await rows<UserRow>(sql`
      SELECT u.*, coalesce(array_agg(b.branch_number ORDER BY b.branch_number) FILTER (WHERE b.id IS NOT NULL), '{}') AS branches
      FROM users u LEFT JOIN user_branches ub ON ub.user_id = u.id LEFT JOIN branches b ON b.id = ub.branch_id
      GROUP BY u.id ORDER BY u.id`);
    users = new Map(list.map((u) => [u.email, u]));
  });
  const user = (email: string) => {
    const u = users.get(email);
    if (!u) throw new Error(`missing ${email}`);
    return u;
  };
  const roles = (u: UserRow) => [...u.roles].sort();

  it('has exactly the seven demo users with lower-case emails', () => {
    expect([...users.keys()].sort()).toEqual(
      [
        'admin@summitlift.example.com',
        'buyer@summitlift.example.com',
        'viewer@summitlift.example.com',
        'owner@valleygarage.example.com',
        'manager@coastalauto.example.com',
        'inactive@summitlift.example.com',
        'new.hire@summitlift.example.com',
      ].sort(),
    );
    for (const u of users.values()) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(String(u.phone)).toMatch(/^\d{10}$/);
      expect(u.first_name).not.toBe('');
      expect(u.last_name).not.toBe('');
    }
  });

  it('gives admin@ inherited roles and branches, cash sales and company subscriptions', async () => {
    const admin = user('admin@summitlift.example.com');
    expect(admin).toMatchObject({
      organization_id: 1,
      first_name: 'Dana',
      last_name: 'Whitfield',
      phone: '3035550142',
      use_organization_roles: true,
      use_organization_branches: true,
      allow_cash_sales: true,
      sub_confirmation: 'company',
      sub_shipping: 'company',
      sub_invoice: 'company',
      is_active: true,
      is_verified: true,
    });
    expect(admin.branches).toEqual([101, 102, 103]);
    expect(await verifyPassword(DEMO_PASSWORD, String(admin.password_hash))).toBe(true);
  });

  it('gives the other users their roles, branches and options', () => {
    const buyer = user('buyer@summitlift.example.com');
    expect(roles(buyer)).toEqual(['catalog', 'checkout', 'orderHistory']);
    expect(buyer.branches).toEqual([101]);
    expect(buyer).toMatchObject({
      limit_order_history: true,
      sub_confirmation: 'owned',
      sub_shipping: 'owned',
      sub_invoice: '',
      use_organization_roles: false,
    });

    const viewer = user('viewer@summitlift.example.com');
    expect(roles(viewer)).toEqual(['catalog', 'orderHistory']);
    expect(viewer.branches).toEqual([101, 102]);
    expect(viewer).toMatchObject({ restricted_pricing: true, limit_order_history: false });

    const owner = user('owner@valleygarage.example.com');
    expect(roles(owner)).toEqual([...ROLE_KEYS].sort());
    expect(owner).toMatchObject({ organization_id: 2, branches: [201] });
    const manager = user('manager@coastalauto.example.com');
    expect(roles(manager)).toEqual([...ROLE_KEYS].sort());
    expect(manager).toMatchObject({ organization_id: 3, branches: [301] });

    const inactive = user('inactive@summitlift.example.com');
    expect(roles(inactive)).toEqual(['catalog']);
    expect(inactive).toMatchObject({ is_active: false, is_verified: true, branches: [101] });

    const newHire = user('new.hire@summitlift.example.com');
    expect(roles(newHire)).toEqual(['catalog', 'checkout']);
    expect(newHire).toMatchObject({ is_verified: false, is_active: true, password_hash: null, branches: [101] });

    for (const u of users.values()) {
      if (u.email === 'new.hire@summitlift.example.com') continue;
      expect(u.password_hash).toBe(admin().password_hash); // hashed once, shared
      if (u.email !== 'inactive@summitlift.example.com') expect(u.is_active).toBe(true);
      expect(u.is_verified).toBe(true);
    }
    function admin() {
      return user('admin@summitlift.example.com');
    }
  });
});

describe('products', () => {
  it('has about 200 products in lifts and about 40 in show, from the fixed brands', async () => {
    const counts = await rows(sql`SELECT catalog_id, count(*)::int AS n FROM catalog_products GROUP BY 1 ORDER BY 1`);
    const n = Object.fromEntries(counts.map((c) => [c.catalog_id, c.n as number]));
    expect(n.lifts).toBeGreaterThanOrEqual(190);
    expect(n.lifts).toBeLessThanOrEqual(210);
    expect(n.show).toBeGreaterThanOrEqual(35);
    expect(n.show).toBeLessThanOrEqual(45);
    const brands = await rows<{ brand: string }>(sql`SELECT DISTINCT brand FROM products`);
    const known = new Set<string>(BRANDS.map((b) => b.name));
    for (const b of brands) expect(known.has(b.brand), b.brand).toBe(true);
    const kinds = await rows<{ kind: string }>(sql`SELECT DISTINCT kind FROM products ORDER BY 1`);
    expect(kinds.map((k) => k.kind)).toEqual([
      'accessory',
      'alignment',
      'compressor',
      'four-post-lift',
      'scissor-lift',
      'tire-changer',
      'two-post-lift',
      'wheel-balancer',
    ]);
  });

  it("lists every product under its kind's category, in products and in the catalog search rows, as migration 0015 maps kinds", async () => {
    const pairs = await rows<{ kind: string; category: string }>(sql`SELECT DISTINCT kind, category FROM products ORDER BY 1`);
    expect(Object.fromEntries(pairs.map((p) => [p.kind, p.category]))).toEqual(KIND_CATEGORIES);
    const stale = await one(
      sql`SELECT count(*)::int AS n FROM catalog_search s JOIN products p ON p.sku = s.sku WHERE s.category <> p.category`,
    );
    expect(stale.n).toBe(0);
    const migration = readFileSync(new URL('../../drizzle/0015_catalog_facets.sql', import.meta.url), 'utf8');
    const backfill = Object.fromEntries([...migration.matchAll(/WHEN '([a-z-]+)' THEN '([^']+)'/g)].map((m) => [m[1], m[2]]));
    expect(backfill).toEqual(KIND_CATEGORIES);
  });

  it('prices every product in each of its catalogs, mostly below MSRP', async () => {
    const missing = await one(sql`
      SELECT count(*)::int AS n FROM catalog_products cp JOIN catalogs c ON c.id = cp.catalog_id
      LEFT JOIN price_list_items pli ON pli.price_list_id = c.price_list_id AND pli.sku = cp.sku WHERE pli.sku IS NULL`);
    expect(missing.n).toBe(0);
    const ratio = await one(sql`
      SELECT avg(pli.price_cents::float / p.msrp_cents) AS avg, min(pli.price_cents::float / p.msrp_cents) AS min, max(pli.price_cents::float / p.msrp_cents) AS max
      FROM price_list_items pli JOIN products p ON p.sku = pli.sku WHERE pli.price_list_id = 1`);
    expect(ratio.min as number).toBeGreaterThanOrEqual(0.59);
    expect(ratio.max as number).toBeLessThanOrEqual(1);
    expect(ratio.avg as number).toBeLessThan(0.8);
    const overrides = await one(
      sql`SELECT count(*)::int AS n FROM price_list_items pli JOIN organizations o ON o.price_list_id = pli.price_list_id WHERE o.id = 2`,
    );
    expect(overrides.n).toBeGreaterThan(5);
  });

  it('stocks show products only in SHW2 and lifts-only products never there', async () => {
    const wrong = await one(sql`
      SELECT count(*)::int AS n FROM stock s
      WHERE (s.warehouse_code = 'SHW2' AND NOT EXISTS (SELECT 1 FROM catalog_products cp WHERE cp.sku = s.sku AND cp.catalog_id = 'show'))
         OR (s.warehouse_code <> 'SHW2' AND NOT EXISTS (SELECT 1 FROM catalog_products cp WHERE cp.sku = s.sku AND cp.catalog_id = 'lifts'))`);
    expect(wrong.n).toBe(0);
  });

  it('serves images and downloads from the app', async () => {
    const products = await rows<{ sku: string; images: string[]; downloads: Record<string, string> }>(
      sql`SELECT sku, images, downloads FROM products`,
    );
    for (const p of products) {
      expect(p.images.length).toBeLessThanOrEqual(4);
      p.images.forEach((url, i) => expect(url).toBe(`/api/media/products/${p.sku}/image-${i + 1}.svg`));
      for (const url of Object.values(p.downloads)) expect(url).toMatch(new RegExp(`^/api/media/products/${p.sku}/[a-z0-9-]+\\.pdf$`));
    }
    expect(products.some((p) => p.images.length === 0)).toBe(true);
  });

  describe.each(['lifts', 'show'] as const)('featured SKUs of %s', (catalog) => {
    const skus = FEATURED_SKUS[catalog] as Record<string, string>;
    type P = Row & {
      sku: string;
      images: string[];
      downloads: Record<string, string>;
      price: number;
      msrp_cents: number;
      stock: number;
      receipts: number;
      valley: number | null;
      catalogs: string[];
    };
    let products: Map<string, P>;
    beforeAll(async () => {
      const warehouses = catalog === 'show' ? sql`s.warehouse_code = 'SHW2'` : sql`s.warehouse_code <> 'SHW2'`;
      const receiptWarehouses = catalog === 'show' ? sql`r.warehouse_code = 'SHW2'` : sql`r.warehouse_code <> 'SHW2'`;
      const list = await rows<P>(sql`
        SELECT p.*, pli.price_cents AS price,
          (SELECT coalesce(sum(s.quantity), 0)::int FROM stock s WHERE s.sku = p.sku AND ${warehouses}) AS stock,
          (SELECT count(*)::int FROM scheduled_receipts r WHERE r.sku = p.sku AND ${receiptWarehouses} AND r.receipt_date > ${NOW.toISOString().slice(0, 10)}::date) AS receipts,
          (SELECT v.price_cents FROM price_list_items v WHERE v.sku = p.sku AND v.price_list_id = (SELECT price_list_id FROM organizations WHERE id = 2)) AS valley,
          (SELECT array_agg(catalog_id ORDER BY catalog_id) FROM catalog_products x WHERE x.sku = p.sku) AS catalogs
        FROM products p
        JOIN catalogs c ON c.id = ${catalog}
        LEFT JOIN price_list_items pli ON pli.sku = p.sku AND pli.price_list_id = c.price_list_id
        WHERE p.sku IN (SELECT sku FROM catalog_products WHERE catalog_id = ${catalog})`);
      products = new Map(list.map((p) => [p.sku, p]));
    });
    const product = (key: string) => {
      const p = products.get(skus[key]!);
      if (!p) throw new Error(`${catalog} has no featured ${key} (${skus[key]})`);
      return p;
    };
    const requirements = (p: P) => ({
      flatbed: p.requires_flatbed,
      forkLift: p.requires_fork_lift,
      liftGate: p.requires_lift_gate,
      residential: p.requires_residential,
      geo: p.requires_geo_warehouse,
      parcel: p.is_small_parcel,
    });
    const nothing = { flatbed: false, forkLift: false, liftGate: false, residential: false, geo: false, parcel: false };

    it('are all in the catalog', () => {
      for (const key of Object.keys(skus)) expect(product(key).catalogs).toContain(catalog);
    });
    it('cover every shipping case', () => {
      expect(product('requiresFlatbed').requires_flatbed).toBe(true);
      expect(product('forkLiftNoFlatbed')).toMatchObject({ requires_fork_lift: true, requires_flatbed: false });
      expect(requirements(product('liftGateOnly'))).toEqual({ ...nothing, liftGate: true });
      expect(product('residential').requires_residential).toBe(true);
      expect(requirements(product('smallParcel'))).toEqual({ ...nothing, parcel: true });
    });
    it('cover the price, image and download cases', () => {
      expect(product('msrpDiffersFromPrice').price).toBeLessThan(product('msrpDiffersFromPrice').msrp_cents);
      expect(product('msrpEqualsPrice').price).toBe(product('msrpEqualsPrice').msrp_cents);
      expect(product('severalImages').images.length).toBeGreaterThanOrEqual(3);
      expect(product('noImages').images).toEqual([]);
      expect(Object.keys(product('downloads').downloads).length).toBeGreaterThanOrEqual(2);
      expect(product('downloads').downloads['Installation Manual']).toBe(`/api/media/products/${skus.downloads}/installation-manual.pdf`);
    });
    it('cover the availability cases', () => {
      expect(product('scheduledAvailability').stock).toBeGreaterThan(0);
      expect(product('scheduledAvailability').receipts).toBeGreaterThan(0);
      expect(product('outOfStock')).toMatchObject({ stock: 0, receipts: 0 });
      expect(product('outOfStockWithReceipt').stock).toBe(0);
      expect(product('outOfStockWithReceipt').receipts).toBeGreaterThan(0);
    });
    it('cover customer pricing and shared products', () => {
      expect(product('inBothCatalogs').catalogs).toEqual(['lifts', 'show']);
      if (catalog === 'lifts') {
        const p = product('customerPrice');
        expect(p.valley).not.toBeNull();
        expect(p.valley).not.toBe(p.price);
      }
    });
  });
});

describe('orders', () => {
  type Branch = { id: number; branch_number: number; organization_id: number };
  let branches: Branch[];
  beforeAll(async () => {
    branches = await rows<Branch>(sql`SELECT id, branch_number, organization_id FROM branches ORDER BY branch_number`);
  });

  it('gives every branch about 600 orders with every status code', async () => {
    const stats = await rows<{ branch_number: number; n: number; codes: number[] }>(sql`
      SELECT b.branch_number, count(*)::int AS n, array_agg(DISTINCT o.status_code ORDER BY o.status_code) AS codes
      FROM orders o JOIN branches b ON b.id = o.branch_id GROUP BY 1 ORDER BY 1`);
    expect(stats.map((s) => s.branch_number)).toEqual([101, 102, 103, 201, 301]);
    for (const s of stats) {
      expect(s.n).toBe(600);
      expect(s.codes).toEqual(STATUS_CODES);
    }
  });

  it('has entered, shipped and cancelled orders in the last day, 1-3 days and 3-7 days, and open orders, in every branch', async () => {
    const windows = [
      [0, 1],
      [1, 3],
      [3, 7],
    ] as const;
    for (const b of branches) {
      for (const column of ['entered_at', 'shipped_at', 'cancelled_at']) {
        for (const [from, to] of windows) {
          const start = new Date(NOW.getTime() - to * DAY);
          const end = new Date(NOW.getTime() - from * DAY);
          const r = await one(
            sql`SELECT count(*)::int AS n FROM orders WHERE branch_id = ${b.id} AND ${sql.identifier(column)} > ${start.toISOString()}::timestamptz AND ${sql.identifier(column)} <= ${end.toISOString()}::timestamptz`,
          );
          expect(r.n, `${b.branch_number} ${column} ${from}-${to} days`).toBeGreaterThan(0);
        }
      }
      const open = await one(sql`SELECT count(*)::int AS n FROM orders WHERE branch_id = ${b.id} AND status_code BETWEEN 0 AND 59`);
      expect(open.n).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps dates consistent with the status and never after the seeding moment', async () => {
    const bad = await one(sql`
      SELECT
        count(*) FILTER (WHERE (shipped_at IS NOT NULL) <> (status_code >= 55))::int AS shipped,
        count(*) FILTER (WHERE (cancelled_at IS NOT NULL) <> (status_code = -10))::int AS cancelled,
        count(*) FILTER (WHERE (invoiced_at IS NOT NULL) <> (status_code >= 70))::int AS invoiced,
        count(*) FILTER (WHERE status_code BETWEEN 20 AND 59 AND expected_ship_date IS NULL)::int AS expected,
        count(*) FILTER (WHERE greatest(entered_at, shipped_at, cancelled_at, invoiced_at, updated_at) > ${NOW.toISOString()}::timestamptz)::int AS future,
        count(*) FILTER (WHERE shipped_at < entered_at OR cancelled_at < entered_at OR invoiced_at < shipped_at)::int AS order,
        count(*) FILTER (WHERE entered_at < ${new Date(NOW.getTime() - 731 * DAY).toISOString()}::timestamptz)::int AS old
      FROM orders`);
    expect(bad).toEqual({ shipped: 0, cancelled: 0, invoiced: 0, expected: 0, future: 0, order: 0, old: 0 });
  });

  it('totals lines, charges and tax', async () => {
    const bad = await one(sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE o.order_cents <> (SELECT sum(l.price_cents * l.quantity_ordered) FROM order_lines l WHERE l.order_id = o.id)
        + o.notice_cents + o.forklift_cents + o.liftgate_cents + o.residential_cents + o.delivery_access_surcharge_cents
        + o.limited_access_cents + o.dock_hold_cents + o.other_cents + o.tax_cents`);
    expect(bad.n).toBe(0);
    const untaxed = await one(sql`SELECT count(*)::int AS n FROM orders WHERE organization_id = 2 AND tax_cents <> 0`);
    expect(untaxed.n).toBe(0);
    const lines = await one(
      sql`SELECT min(c)::int AS min, max(c)::int AS max FROM (SELECT count(*) FILTER (WHERE NOT is_labor) AS c FROM order_lines GROUP BY order_id) x`,
    );
    expect(lines).toEqual({ min: 1, max: 4 });
    const descriptions = await one(
      sql`SELECT count(*)::int AS n FROM order_lines l LEFT JOIN products p ON p.sku = l.sku WHERE NOT l.is_labor AND (p.sku IS NULL OR p.label <> l.description)`,
    );
    expect(descriptions.n).toBe(0);
  });

  it('has unique document and confirmation numbers, leaving the sequence for new orders', async () => {
    const r = await one(
      sql`SELECT count(DISTINCT document_number)::int AS d, count(DISTINCT confirmation_number)::int AS c, count(*)::int AS n, max(document_number)::int AS max FROM orders`,
    );
    expect(r.d).toBe(r.n);
    expect(r.c).toBe(r.n);
    expect(r.max).toBeLessThan(5_000_001);
    const seq = await one(sql`SELECT last_value::int AS v, is_called FROM order_document_number_seq`);
    expect(seq).toEqual({ v: 5_000_001, is_called: false });
    const ids = await one<{ seq: number; max: number }>(
      sql`SELECT (SELECT last_value FROM orders_id_seq)::int AS seq, (SELECT max(id) FROM orders)::int AS max`,
    );
    expect(ids.seq).toBe(ids.max + 1);
  });

  it('has orders entered by users of the branch, many by buyer@ and some by admin@ in 101', async () => {
    const foreign = await one(sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM user_branches ub JOIN users u ON u.id = ub.user_id WHERE ub.user_id = o.entered_by_user_id AND ub.branch_id = o.branch_id AND u.organization_id = o.organization_id)`);
    expect(foreign.n).toBe(0);
    const by = await rows<{ email: string; n: number }>(sql`
      SELECT u.email, count(*)::int AS n FROM orders o JOIN users u ON u.id = o.entered_by_user_id JOIN branches b ON b.id = o.branch_id
      WHERE b.branch_number = 101 GROUP BY 1`);
    const counts = Object.fromEntries(by.map((r) => [r.email, r.n]));
    expect(counts['buyer@summitlift.example.com']).toBeGreaterThan(200);
    expect(counts['admin@summitlift.example.com']).toBeGreaterThan(100);
  });

  it('gives shipped orders shipments, packages with tracking links and shipped lines', async () => {
    const missing = await one(sql`
      SELECT count(*)::int AS n FROM orders o WHERE o.status_code >= 55
        AND NOT EXISTS (SELECT 1 FROM shipments s JOIN shipment_packages p ON p.shipment_id = s.id WHERE s.order_id = o.id AND s.shipped_date IS NOT NULL)`);
    expect(missing.n).toBe(0);
    const unshipped = await one(
      sql`SELECT count(*)::int AS n FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.status_code < 55`,
    );
    expect(unshipped.n).toBe(0);
    const numbering = await one(sql`
      SELECT count(*)::int AS n FROM (SELECT order_id, max(shipment_number) AS m, count(*) AS c FROM shipments GROUP BY order_id) x WHERE m <> c - 1`);
    expect(numbering.n).toBe(0);
    const quantities = await one(sql`
      SELECT count(*)::int AS n FROM order_lines l
      WHERE l.quantity_shipped <> coalesce((SELECT sum(sl.quantity_shipped) FROM shipment_lines sl JOIN shipments s ON s.id = sl.shipment_id WHERE s.order_id = l.order_id AND sl.line_number = l.line_number), 0)`);
    expect(quantities.n).toBe(0);
    const fully = await rows<{ status_code: number; complete: boolean; n: number }>(sql`
      SELECT o.status_code >= 60 AS shipped, bool_and(l.quantity_shipped = l.quantity_ordered) AS complete, o.id
      FROM orders o JOIN order_lines l ON l.order_id = o.id AND NOT l.is_labor WHERE o.status_code >= 55 GROUP BY o.id`);
    for (const o of fully as unknown as { shipped: boolean; complete: boolean }[]) expect(o.complete).toBe(o.shipped);
    const urls = await rows<{ scac: string; scac_label: string; tracking_url: string; tracking_number: string }>(sql`
      SELECT DISTINCT ON (s.scac) s.scac, s.scac_label, p.tracking_url, p.tracking_number FROM shipments s JOIN shipment_packages p ON p.shipment_id = s.id ORDER BY s.scac, p.id`);
    const byScac = new Map(urls.map((u) => [u.scac, u]));
    expect(byScac.get('UPSN')).toMatchObject({ scac_label: 'UPS' });
    expect(byScac.get('UPSN')!.tracking_url).toBe(`https://www.ups.com/track?tracknum=${byScac.get('UPSN')!.tracking_number}`);
    expect(byScac.get('FDEG')!.tracking_url).toBe(`https://www.fedex.com/fedextrack/?trknbr=${byScac.get('FDEG')!.tracking_number}`);
    expect(byScac.get('ODFL')).toMatchObject({ scac_label: 'Old Dominion Freight Line' });
  });

  it('has the featured orders in branch 101 with their documented state', async () => {
    const list = await rows<
      Row & { document_number: number; email: string; shipments: { n: number; shipped: string | null; scac: string; urls: string[] }[] }
    >(sql`
      SELECT o.document_number::int, o.status_code, o.cancelled_at, o.shipped_at, u.email, b.branch_number,
        (SELECT coalesce(json_agg(json_build_object('n', s.shipment_number, 'shipped', s.shipped_date, 'scac', s.scac,
            'urls', (SELECT coalesce(json_agg(p.tracking_url), '[]') FROM shipment_packages p WHERE p.shipment_id = s.id)) ORDER BY s.shipment_number), '[]')
         FROM shipments s WHERE s.order_id = o.id) AS shipments,
        (SELECT bool_or(is_labor) FROM order_lines l WHERE l.order_id = o.id) AS labor
      FROM orders o JOIN users u ON u.id = o.entered_by_user_id JOIN branches b ON b.id = o.branch_id
      WHERE o.document_number < 4000000 AND b.branch_number = 101`);
    const byNumber = new Map(list.map((o) => [o.document_number, o]));
    expect(list.length).toBe(ORDER_SCRIPT.length);
    for (const c of FEATURED_ORDER_CASES) expect(byNumber.get(c.documentNumber)?.status_code, c.key).toBe(c.statusCode);
    const get = (n: number) => byNumber.get(n)!;

    expect(FEATURED_ORDERS.backordered.map((n) => get(n).status_code)).toEqual([25]);
    for (const n of FEATURED_ORDERS.cancelled) expect(get(n)).toMatchObject({ status_code: -10, cancelled_at: expect.anything() });
    for (const n of FEATURED_ORDERS.invoiced) expect(get(n).status_code).toBeGreaterThanOrEqual(70);

    const two = get(FEATURED_ORDERS.partialTwoShipments);
    expect(two.status_code).toBe(55);
    expect(two.shipments.map((s) => s.shipped !== null)).toEqual([true, false]);
    const partOne = get(FEATURED_ORDERS.partialOneShipment);
    expect(partOne.status_code).toBe(59);
    expect(partOne.shipments.length).toBe(1);

    expect(get(FEATURED_ORDERS.shippedUps).shipments[0]!.urls[0]).toMatch(/^https:\/\/www\.ups\.com\/track\?tracknum=1Z/);
    expect(get(FEATURED_ORDERS.shippedFedex).shipments[0]!.urls[0]).toMatch(/^https:\/\/www\.fedex\.com\/fedextrack\/\?trknbr=\d{12}$/);
    expect(get(FEATURED_ORDERS.shippedFreight).shipments[0]!.scac).toBe('ODFL');
    expect(get(FEATURED_ORDERS.shippedTwoShipments).shipments.map((s) => s.shipped !== null)).toEqual([true, true]);
    expect(get(FEATURED_ORDERS.withLaborLine[0]).labor).toBe(true);

    for (const o of list) {
      const admin = (FEATURED_ORDERS.enteredByAdmin as readonly number[]).includes(o.document_number);
      expect(o.email).toBe(admin ? 'admin@summitlift.example.com' : 'buyer@summitlift.example.com');
    }
  });
});

describe('event badges', () => {
  it('holds at least five attendees from the United States, Canada and Mexico', async () => {
    const badges = await rows<{ badge_id: string; country: string; email: string }>(
      sql`SELECT badge_id, country, email FROM event_badges ORDER BY badge_id`,
    );
    expect(badges.length).toBeGreaterThanOrEqual(5);
    expect(new Set(badges.map((b) => b.country))).toEqual(new Set(['United States', 'Canada', 'Mexico']));
    for (const b of badges) expect(b.badge_id).toMatch(/^SEMA-\d{4}$/);
  });
});

describe('determinism and start-up seeding', () => {
  it('seeds an empty database on start-up, and only once', async () => {
    expect(seededOther).toBe(true);
    expect(await seedDemoIfEmpty(other.db)).toBe(false);
    expect(await seedDemoIfEmpty(main.db)).toBe(false);
  });

  it('gives the same products, prices, stock and orders in two databases seeded at different times', async () => {
    const queries = [
      sql`SELECT md5(string_agg(concat_ws('|', sku, brand, model, label, short_description, long_description, features::text, specifications::text, images::text, downloads::text, msrp_cents, requires_flatbed, is_small_parcel), ',' ORDER BY sku)) AS h FROM products`,
      sql`SELECT md5(string_agg(concat_ws('|', price_list_id, sku, price_cents), ',' ORDER BY price_list_id, sku)) AS h FROM price_list_items`,
      sql`SELECT md5(string_agg(concat_ws('|', warehouse_code, sku, quantity), ',' ORDER BY sku, warehouse_code)) AS h FROM stock`,
      sql`SELECT md5(string_agg(concat_ws('|', id, document_number, confirmation_number, branch_id, entered_by_user_id, status_code, order_cents, ship_to_name, ship_to_city, purchase_order_number), ',' ORDER BY id)) AS h FROM orders`,
      sql`SELECT md5(string_agg(concat_ws('|', order_id, line_number, sku, quantity_ordered, quantity_shipped, price_cents), ',' ORDER BY order_id, line_number)) AS h FROM order_lines`,
      sql`SELECT md5(string_agg(concat_ws('|', s.order_id, s.shipment_number, s.scac, p.tracking_number), ',' ORDER BY s.id, p.id)) AS h FROM shipments s JOIN shipment_packages p ON p.shipment_id = s.id`,
    ];
    for (const query of queries) expect((await one(query, other)).h).toBe((await one(query, main)).h);
  });
});

describe('the large set, scaled down', () => {
  let large: DatabaseHandle;
  beforeAll(async () => {
    large = await openDatabase({ kind: 'pglite' });
    await large.migrate();
    await seedDatabase(large.db, { size: 'M', scale: 0.002, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await large?.close();
  });

  it("counts 'Featured' as the server's recount does, so the first start after a seed has nothing to rewrite", async () => {
    const counted = await one<{ products: number }>(sql`SELECT count(*)::int AS products FROM catalog_search WHERE popularity > 0`, large);
    expect(counted.products).toBeGreaterThan(10);
    expect((await refreshFeatured(large.db, NOW)).changedRows).toBe(0);
  });

  it('keeps the demo organizations and users and adds organizations up to 20 branches', async () => {
    const counts = await one(
      sql`SELECT (SELECT count(*) FROM organizations)::int AS orgs, (SELECT count(*) FROM branches)::int AS branches, (SELECT count(*) FROM users)::int AS users`,
      large,
    );
    expect(counts).toEqual({ orgs: 8, branches: 20, users: 40 });
    const demo = sql`SELECT id, email, roles, is_active, is_verified, limit_order_history, restricted_pricing FROM users WHERE id <= 7 ORDER BY id`;
    expect(await rows(demo, large)).toEqual(await rows(demo));
    const lonely = await one(
      sql`SELECT count(*)::int AS n FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_branches ub WHERE ub.user_id = u.id)`,
      large,
    );
    expect(lonely.n).toBe(0);
  });

  it('gives every branch its history with every status code, entered by its own users', async () => {
    const stats = await rows<{ codes: number[] }>(
      sql`SELECT array_agg(DISTINCT status_code ORDER BY status_code) AS codes FROM orders GROUP BY branch_id`,
      large,
    );
    expect(stats.length).toBe(20);
    for (const s of stats) expect(s.codes).toEqual(STATUS_CODES);
    const foreign = await one(
      sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM user_branches ub WHERE ub.user_id = o.entered_by_user_id AND ub.branch_id = o.branch_id)`,
      large,
    );
    expect(foreign.n).toBe(0);
    const featured = await one(sql`SELECT status_code FROM orders WHERE document_number = ${FEATURED_ORDERS.partialTwoShipments}`, large);
    expect(featured.status_code).toBe(55);
  });

  it('gives every shipped unit of a serialized product a serial, in the register too', async () => {
    const counts = await one<{ shipped: number; units: number; registered: number; foreign: number }>(
      sql`SELECT (SELECT coalesce(sum(sl.quantity_shipped), 0)::int FROM shipments s
                  JOIN shipment_lines sl ON sl.shipment_id = s.id JOIN products p ON p.sku = sl.sku AND p.kind <> 'accessory'
                  WHERE s.shipped_date IS NOT NULL) AS shipped,
                 (SELECT count(*)::int FROM equipment) AS units,
                 (SELECT count(*)::int FROM serial_register r JOIN equipment e USING (serial_number)
                  WHERE r.organization_id = e.organization_id) AS registered,
                 (SELECT count(*)::int FROM equipment e JOIN orders o ON o.id = e.order_id
                  WHERE o.organization_id <> e.organization_id OR o.branch_id <> e.branch_id) AS foreign`,
      large,
    );
    expect(counts.shipped).toBeGreaterThan(0);
    expect(counts).toEqual({ shipped: counts.shipped, units: counts.shipped, registered: counts.shipped, foreign: 0 });
  });

  it('rebuilds every index it dropped for the bulk load', async () => {
    const indexes = sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`;
    expect(await rows(indexes, large)).toEqual(await rows(indexes));
  });
});
