import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { QUICK_ORDER_REASONS } from '@portal/domain/rules';
import type { QuickOrderValidateResponse } from '@portal/domain';
import { pricedTextCacheOf } from '../catalog/priced-cache.js';
import { catalogProducts } from '../catalog/schema.js';
import { orderLines } from '../orders/index.js';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { recordStatements } from '../../test-support/record-statements.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { findProductsBySkus } from '../catalog/index.js';
import { loadPrincipal } from '../auth/principal.js';
import { hashToken } from '../auth/index.js';
import { insertOrder } from '../orders/order-fixtures.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';
const VALLEY = 'owner@valleygarage.example.com';
const L = FEATURED_SKUS.lifts;
const S = FEATURED_SKUS.show;

let t: TestApp;
const tokens: Record<string, string> = {};
let liftsSkus: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER, VIEWER, VALLEY]) tokens[email] = await t.login(email);
  const rows = await t.db.select({ sku: catalogProducts.sku }).from(catalogProducts).where(eq(catalogProducts.catalogId, 'lifts'));
  liftsSkus = rows.map((r) => r.sku).sort();
});
afterAll(() => t.close());

type Line = { line: number; sku: string; quantity: number };

const validate = (email: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/cart/quick-order/validate', token: tokens[email], payload });

const body = (lines: Line[], extra: Record<string, unknown> = {}) => ({
  catalog: 'lifts',
  branchNumber: 101,
  shipToState: 'CO',
  lines,
  ...extra,
});

/** Every statement the database client (PGlite or the PostgreSQL pool) is given while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  // The statements of a first pricing: no priced product kept from an earlier call (priced-cache.ts).
  pricedTextCacheOf(t.db).clear();
  const texts = recordStatements(t.db);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return texts;
}

describe('POST /api/cart/quick-order/validate', () => {
  it('answers each line priced and stocked for the branch and state, in the order sent', async () => {
    const response = await validate(
      ADMIN,
      body([
        { line: 1, sku: L.smallParcel, quantity: 4 },
        { line: 3, sku: L.requiresFlatbed, quantity: 1 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const answer: QuickOrderValidateResponse = response.json();
    expect(answer).toMatchObject({ catalog: 'lifts', branchNumber: 101, shipToState: 'CO' });
    const principal = await loadPrincipal(t.db, hashToken(tokens[ADMIN]!), 60);
    const products = await findProductsBySkus(t.db, principal!, {
      skus: [L.smallParcel, L.requiresFlatbed],
      catalog: 'lifts',
      branchNumber: 101,
      shipToState: 'CO',
    });
    expect(answer.lines.map((l) => [l.line, l.sku, l.quantity, l.reason])).toEqual([
      [1, L.smallParcel, 4, null],
      [3, L.requiresFlatbed, 1, null],
    ]);
    for (const [index, product] of products.entries()) {
      expect(answer.lines[index]!.item).toMatchObject({
        sku: product.sku,
        price: product.price,
        requiresFlatbed: product.shippingInformation.requiresFlatbed,
      });
      expect(answer.lines[index]!.availability).toEqual(product.availability);
    }
    expect(answer.lines[1]!.item!.requiresFlatbed).toBe(true);
  });

  it("prices for the caller: Valley Garage's own price, MSRP for none but restricted users", async () => {
    const line = [{ line: 1, sku: L.customerPrice, quantity: 1 }];
    const valley = (await validate(VALLEY, body(line, { branchNumber: 201 }))).json();
    const summit = (await validate(ADMIN, body(line))).json();
    expect(valley.lines[0].item.price).toBeLessThan(summit.lines[0].item.price);
  });

  it('tells an unknown SKU from one another catalog of the caller lists, each with its reason', async () => {
    const response = await validate(
      ADMIN,
      body([
        { line: 1, sku: 'NO-SUCH-SKU', quantity: 1 },
        { line: 2, sku: S.smallParcel, quantity: 2 },
        { line: 4, sku: L.smallParcel, quantity: 1 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .lines.map((l: { line: number; reason: string | null; message: string; item: unknown }) => [
          l.line,
          l.reason,
          l.message,
          l.item === null,
        ]),
    ).toEqual([
      [1, 'unknownSku', QUICK_ORDER_REASONS.unknownSku, true],
      [2, 'notInCatalog', QUICK_ORDER_REASONS.notInCatalog, true],
      [4, null, '', false],
    ]);
  });

  it("calls a product of a catalog the caller may not see unknown (Valley Garage has no 'show')", async () => {
    const response = await validate(VALLEY, body([{ line: 1, sku: S.smallParcel, quantity: 1 }], { branchNumber: 201 }));
    expect(response.json().lines[0].reason).toBe('unknownSku');
  });

  it('keeps repeated SKUs as separate lines, each priced', async () => {
    const lines = (
      await validate(
        ADMIN,
        body([
          { line: 1, sku: L.smallParcel, quantity: 1 },
          { line: 2, sku: L.smallParcel, quantity: 2 },
        ]),
      )
    ).json().lines;
    expect(lines.map((l: { quantity: number; reason: null }) => [l.quantity, l.reason])).toEqual([
      [1, null],
      [2, null],
    ]);
  });

  it('prices for CA when no destination state is given (spec 9)', async () => {
    const answer = (await validate(ADMIN, body([{ line: 1, sku: L.smallParcel, quantity: 1 }], { shipToState: null }))).json();
    expect(answer.shipToState).toBe('CA');
  });

  it('prices 500 lines in one set-based statement: as many statements as for one line', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ line: i + 1, sku: liftsSkus[i % liftsSkus.length]!, quantity: (i % 7) + 1 }));
    let answer: QuickOrderValidateResponse | undefined;
    const forMany = await statementsDuring(async () => {
      const response = await validate(ADMIN, body(many));
      expect(response.statusCode).toBe(200);
      answer = response.json();
    });
    const forOne = await statementsDuring(async () => {
      expect((await validate(ADMIN, body(many.slice(0, 1)))).statusCode).toBe(200);
    });
    expect(answer!.lines).toHaveLength(500);
    expect(answer!.lines.every((l) => l.reason === null && l.item !== null)).toBe(true);
    expect(answer!.lines.map((l) => l.line)).toEqual(many.map((l) => l.line));
    const pricing = forMany.filter((text) => /price_list_items/.test(text));
    expect(pricing).toHaveLength(1);
    expect(forMany.length).toBe(forOne.length);
  });

  it('asks one more statement, whatever their number, only when SKUs are missing', async () => {
    const missing = Array.from({ length: 50 }, (_, i) => ({ line: i + 1, sku: `NOPE-${i}`, quantity: 1 }));
    const withMissing = await statementsDuring(async () => {
      expect((await validate(ADMIN, body([{ line: 99, sku: L.smallParcel, quantity: 1 }, ...missing]))).statusCode).toBe(200);
    });
    const without = await statementsDuring(async () => {
      expect((await validate(ADMIN, body([{ line: 99, sku: L.smallParcel, quantity: 1 }]))).statusCode).toBe(200);
    });
    expect(withMissing.length).toBe(without.length + 1);
  });

  describe('validation', () => {
    it.each([
      ['no lines', { lines: [] }, 'lines'],
      ['501 lines', { lines: Array.from({ length: 501 }, (_, i) => ({ line: i + 1, sku: L.smallParcel, quantity: 1 })) }, 'lines'],
      ['a zero quantity', { lines: [{ line: 1, sku: L.smallParcel, quantity: 0 }] }, 'lines.0.quantity'],
      ['a fractional quantity', { lines: [{ line: 1, sku: L.smallParcel, quantity: 1.5 }] }, 'lines.0.quantity'],
      ['a quantity over 99,999', { lines: [{ line: 1, sku: L.smallParcel, quantity: 100_000 }] }, 'lines.0.quantity'],
      ['an empty SKU', { lines: [{ line: 1, sku: ' ', quantity: 1 }] }, 'lines.0.sku'],
      ['a line number of 0', { lines: [{ line: 0, sku: L.smallParcel, quantity: 1 }] }, 'lines.0.line'],
      ['an unknown state', { shipToState: 'XX' }, 'shipToState'],
      ['no catalog', { catalog: '' }, 'catalog'],
      ['no branch', { branchNumber: null }, 'branchNumber'],
    ])('refuses %s (400 naming the field)', async (_name, change, field) => {
      const response = await validate(ADMIN, { ...body([{ line: 1, sku: L.smallParcel, quantity: 1 }]), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.map((m: { field: string }) => m.field)).toContain(field);
    });
  });

  describe('access', () => {
    const lines = [{ line: 1, sku: L.smallParcel, quantity: 1 }];

    it('needs a session', async () => {
      expect((await t.request({ method: 'POST', url: '/api/cart/quick-order/validate', payload: body(lines) })).statusCode).toBe(401);
    });

    it('needs the checkout role (viewer has catalog only): 403', async () => {
      expect((await validate(VIEWER, body(lines))).statusCode).toBe(403);
    });

    it("refuses a branch that is not the caller's: 403", async () => {
      expect((await validate(BUYER, body(lines, { branchNumber: 102 }))).statusCode).toBe(403);
      expect((await validate(VALLEY, body(lines))).statusCode).toBe(403);
    });

    it("answers 404 for another organization's catalog (Valley Garage has no 'show')", async () => {
      const response = await validate(VALLEY, body(lines, { branchNumber: 201, catalog: 'show' }));
      expect(response.statusCode).toBe(404);
    });

    it('is listed in the OpenAPI document', async () => {
      const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(document.paths['/api/cart/quick-order/validate'].post).toBeDefined();
      expect(document.paths['/api/cart/reorder'].post).toBeDefined();
    });
  });
});

describe('POST /api/cart/reorder', () => {
  let documentNumber: number;
  let showOrder: number;

  beforeAll(async () => {
    const order = await insertOrder(t.db, { catalogId: 'lifts', enteredByUserId: null });
    documentNumber = order.documentNumber;
    await t.db.insert(orderLines).values([
      { orderId: order.id, lineNumber: 2, sku: L.smallParcel, quantityOrdered: 3, priceCents: 1 },
      {
        orderId: order.id,
        lineNumber: 3,
        sku: 'LABOR-INSTALL',
        description: 'Installation labor',
        quantityOrdered: 1,
        priceCents: 50000,
        isLabor: true,
      },
      { orderId: order.id, lineNumber: 4, sku: S.liftGateOnly, quantityOrdered: 1, priceCents: 1 },
      { orderId: order.id, lineNumber: 5, sku: L.requiresFlatbed, quantityOrdered: 1, priceCents: 1 },
    ]);
    showOrder = (await insertOrder(t.db, { catalogId: 'show', branchNumber: 102 })).documentNumber;
  });

  const reorder = (email: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/cart/reorder', token: tokens[email], payload });

  it("answers the order's lines priced today in its catalog, with the reason for each one refused", async () => {
    const response = await reorder(ADMIN, { documentNumber, branchNumber: 101, shipToState: 'CO' });
    expect(response.statusCode).toBe(200);
    const answer: QuickOrderValidateResponse = response.json();
    expect(answer.catalog).toBe('lifts');
    expect(answer.lines.map((l) => [l.line, l.sku, l.quantity, l.reason])).toEqual([
      [1, 'FIXTURE-1', 2, 'unknownSku'],
      [2, L.smallParcel, 3, null],
      [3, 'LABOR-INSTALL', 1, 'labor'],
      [4, S.liftGateOnly, 1, 'notInCatalog'],
      [5, L.requiresFlatbed, 1, null],
    ]);
    // Today's price, not the order's 1 cent.
    const today = (await validate(ADMIN, body([{ line: 1, sku: L.smallParcel, quantity: 1 }]))).json().lines[0].item.price;
    expect(answer.lines[1]!.item!.price).toBe(today);
    expect(today).toBeGreaterThan(0.01);
  });

  it("uses the order's catalog (show)", async () => {
    const answer = (await reorder(ADMIN, { documentNumber: showOrder, branchNumber: 102 })).json();
    expect(answer.catalog).toBe('show');
    expect(answer.lines[0].reason).toBe('unknownSku');
  });

  it('answers 404 for an order of another branch, another organization or none at all', async () => {
    expect((await reorder(ADMIN, { documentNumber: showOrder, branchNumber: 101 })).statusCode).toBe(404);
    expect((await reorder(VALLEY, { documentNumber, branchNumber: 201 })).statusCode).toBe(404);
    expect((await reorder(ADMIN, { documentNumber: 99_999_999, branchNumber: 101 })).statusCode).toBe(404);
  });

  it("answers 404 for another user's order under limitOrderHistory (buyer)", async () => {
    expect((await reorder(BUYER, { documentNumber, branchNumber: 101 })).statusCode).toBe(404);
  });

  it('needs the checkout role (viewer): 403; a branch not the caller’s: 403', async () => {
    expect((await reorder(VIEWER, { documentNumber, branchNumber: 101 })).statusCode).toBe(403);
    expect((await reorder(BUYER, { documentNumber, branchNumber: 102 })).statusCode).toBe(403);
  });

  it.each([
    ['a zero document number', { documentNumber: 0, branchNumber: 101 }, 'documentNumber'],
    ['a text document number', { documentNumber: 'abc', branchNumber: 101 }, 'documentNumber'],
    ['no branch', { documentNumber: 1 }, 'branchNumber'],
    ['an unknown state', { documentNumber: 1, branchNumber: 101, shipToState: 'XX' }, 'shipToState'],
  ])('refuses %s (400)', async (_name, payload, field) => {
    const response = await reorder(ADMIN, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.map((m: { field: string }) => m.field)).toContain(field);
  });
});
