import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calculateCart, cartItemInputOf, feesToCents } from '@portal/domain/rules';
import type { CartItem, ChargeChoices, Session } from '@portal/domain';
import { users } from '../users/index.js';
import { organizations } from '../organizations/index.js';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { loadPrincipal } from '../auth/principal.js';
import { hashToken } from '../auth/index.js';
import { findProductsBySkus } from '../catalog/index.js';
import { DUPLICATE_SKU_MESSAGE, priceCart } from './service.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';
const VALLEY = 'owner@valleygarage.example.com';
const L = FEATURED_SKUS.lifts;

const ACCEPT_ALL: ChargeChoices = { notice: false, residential: false, forklift: false, liftgate: false };
const DECLINE_ALL: ChargeChoices = { notice: true, residential: true, forklift: true, liftgate: true };

let t: TestApp;
const tokens: Record<string, string> = {};
const sessions: Record<string, Session> = {};

async function signIn(email: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/users/session/login',
    payload: { email, password: 'Demo-Portal-2026!', deviceId: 'cart-test' },
  });
  expect(response.statusCode).toBe(200);
  sessions[email] = response.json();
  tokens[email] = sessions[email]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER, VIEWER, VALLEY]) await signIn(email);
});
afterAll(() => t.close());

type Line = { sku: string; quantity: number; priceOverride?: number | null };
type PriceBody = { catalog: string; branchNumber: number; shipToState?: string | null; items: Line[]; choices: ChargeChoices };

const price = (email: string, payload: PriceBody | Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/cart/price', token: tokens[email], payload });

/**
 * What the web client computes for the same cart: items built from the catalog's batch answer
 * (the very service behind `POST /api/catalog/products`), fees from the session answer (dollars),
 * the shared charge rules.
 */
async function clientCalculation(email: string, body: PriceBody) {
  const principal = await loadPrincipal(t.db, hashToken(tokens[email]!), 60);
  const products = await findProductsBySkus(t.db, principal!, {
    skus: body.items.map((i) => i.sku),
    catalog: body.catalog,
    branchNumber: body.branchNumber,
    shipToState: body.shipToState ?? 'CA',
  });
  const items: CartItem[] = body.items.flatMap((line) => {
    const product = products.find((p) => p.sku === line.sku);
    if (!product) return [];
    const input = cartItemInputOf(product);
    const priceOverride = line.priceOverride ?? null;
    return [{ ...input, quantity: line.quantity, originalPrice: input.price, priceOverride, price: priceOverride ?? input.price }];
  });
  return { items, ...calculateCart(items, feesToCents(sessions[email]!.organization.fees), body.choices) };
}

const carts: { name: string; items: Line[] }[] = [
  { name: 'empty', items: [] },
  { name: 'small parcel', items: [{ sku: L.smallParcel, quantity: 4 }] },
  { name: 'liftgate only', items: [{ sku: L.liftGateOnly, quantity: 1 }] },
  {
    name: 'forklift and liftgate',
    items: [
      { sku: L.forkLiftNoFlatbed, quantity: 2 },
      { sku: L.liftGateOnly, quantity: 1 },
    ],
  },
  { name: 'residential', items: [{ sku: L.residential, quantity: 3 }] },
  {
    name: 'flatbed with everything',
    items: [
      { sku: L.requiresFlatbed, quantity: 1 },
      { sku: L.forkLiftNoFlatbed, quantity: 1 },
      { sku: L.liftGateOnly, quantity: 2 },
      { sku: L.residential, quantity: 1 },
      { sku: L.smallParcel, quantity: 10 },
    ],
  },
];

describe('POST /api/cart/price agrees with the client computation', () => {
  describe.each([
    [ADMIN, 101],
    [VALLEY, 201],
  ])('%s', (email, branchNumber) => {
    it.each(
      carts.flatMap((cart) =>
        [ACCEPT_ALL, DECLINE_ALL, { ...ACCEPT_ALL, notice: true, liftgate: true }].map(
          (choices) => [cart.name, JSON.stringify(choices), cart, choices] as const,
        ),
      ),
    )('%s / %s', async (_name, _choices, cart, choices) => {
      const body: PriceBody = { catalog: 'lifts', branchNumber, shipToState: 'CO', items: cart.items, choices };
      const response = await price(email, body);
      expect(response.statusCode).toBe(200);
      const server = response.json();
      const client = await clientCalculation(email, body);
      expect(server.items).toEqual(client.items);
      expect(server.charges).toEqual(client.charges);
      expect(server.shipvia).toBe(client.shipvia);
      expect(server.itemsSubTotal).toBe(client.itemsSubTotal);
      expect(server.chargesSubTotal).toBe(client.chargesSubTotal);
      expect(server.grandTotal).toBe(client.grandTotal);
      expect(server.removedSkus).toEqual([]);
    });
  });
});

describe('POST /api/cart/price', () => {
  it("charges the organization's fees (Summit: forklift 175, notice 25) and flatbed $0.00 with shipvia FLB", async () => {
    const response = await price(ADMIN, {
      catalog: 'lifts',
      branchNumber: 101,
      items: [
        { sku: L.forkLiftNoFlatbed, quantity: 1 },
        { sku: L.residential, quantity: 1 },
      ],
      choices: ACCEPT_ALL,
    });
    const cart = response.json();
    expect(cart.charges.forklift).toEqual({ required: true, declined: false, declinable: true, amount: 175 });
    expect(cart.charges.residential).toEqual({ required: true, declined: false, declinable: true, amount: 85 });
    expect(cart.charges.notice).toEqual({ required: true, declined: false, declinable: true, amount: 25 });
    expect(cart.chargesSubTotal).toBe(285);
    expect(cart.shipvia).toBeNull();

    const flatbed = (
      await price(ADMIN, { catalog: 'lifts', branchNumber: 101, items: [{ sku: L.requiresFlatbed, quantity: 1 }], choices: DECLINE_ALL })
    ).json();
    expect(flatbed.charges.flatbed).toEqual({ required: true, declined: false, declinable: false, amount: 0 });
    expect(flatbed.charges.notice).toEqual({ required: true, declined: false, declinable: false, amount: 25 });
    expect(flatbed.shipvia).toBe('FLB');
  });

  it('uses Valley Garage fees and its customer price', async () => {
    const body = {
      catalog: 'lifts',
      items: [
        { sku: L.customerPrice, quantity: 1 },
        { sku: L.liftGateOnly, quantity: 1 },
      ],
      choices: ACCEPT_ALL,
    };
    const valley = (await price(VALLEY, { ...body, branchNumber: 201 })).json();
    const summit = (await price(ADMIN, { ...body, branchNumber: 101 })).json();
    expect(valley.charges.liftgate.amount).toBe(80);
    expect(valley.charges.notice.amount).toBe(20);
    expect(summit.charges.liftgate.amount).toBe(95);
    const valleyPrice = valley.items.find((i: CartItem) => i.sku === L.customerPrice).price;
    const summitPrice = summit.items.find((i: CartItem) => i.sku === L.customerPrice).price;
    expect(valleyPrice).toBeLessThan(summitPrice);
  });

  it("charges the organization's fees and prices with its price list as they are at the call, not as the caller was loaded", async () => {
    const body = {
      catalog: 'lifts',
      branchNumber: 101,
      items: [
        { sku: L.customerPrice, quantity: 1 },
        { sku: L.forkLiftNoFlatbed, quantity: 1 },
      ],
      choices: ACCEPT_ALL,
    };
    const valleyPrice = (await price(VALLEY, { ...body, branchNumber: 201 })).json().items[0].price;
    const before = (await price(ADMIN, body)).json();
    expect(before.charges.forklift.amount).toBe(175);
    expect(before.items[0].price).not.toBe(valleyPrice);
    // A caller loaded before the change, as a cached session would hold it.
    const loadedBefore = (await loadPrincipal(t.db, hashToken(tokens[ADMIN]!), 60))!;
    const [valley] = await t.db
      .select({ priceListId: organizations.priceListId })
      .from(organizations)
      .where(eq(organizations.id, sessions[VALLEY]!.organization.id));
    const summit = eq(organizations.id, sessions[ADMIN]!.organization.id);
    await t.db.update(organizations).set({ feeForkliftCents: 19_900, priceListId: valley!.priceListId }).where(summit);
    try {
      for (const after of [(await price(ADMIN, body)).json(), await priceCart(t.db, loadedBefore, body)]) {
        expect(after.charges.forklift.amount).toBe(199);
        expect(after.items[0].price).toBe(valleyPrice);
      }
    } finally {
      await t.db.update(organizations).set({ feeForkliftCents: 17_500, priceListId: null }).where(summit);
    }
  });

  it('never trusts client amounts: prices, totals and charge amounts in the body are ignored', async () => {
    const honest = (
      await price(ADMIN, { catalog: 'lifts', branchNumber: 101, items: [{ sku: L.smallParcel, quantity: 2 }], choices: ACCEPT_ALL })
    ).json();
    const forged = await price(ADMIN, {
      catalog: 'lifts',
      branchNumber: 101,
      items: [{ sku: L.smallParcel, quantity: 2, price: 0.01, originalPrice: 0.01 }],
      choices: ACCEPT_ALL,
      charges: { notice: { required: false, declined: true, amount: 0 } },
      grandTotal: 0.02,
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual(honest);
    expect(honest.items[0].price).toBeGreaterThan(0);
    expect(honest.grandTotal).toBe(Math.round((honest.items[0].price * 2 + 25) * 100) / 100);
  });

  it('answers MSRP as the price for a restrictedPricing user', async () => {
    const skus = [L.msrpDiffersFromPrice];
    const before = (
      await price(BUYER, { catalog: 'lifts', branchNumber: 101, items: skus.map((sku) => ({ sku, quantity: 1 })), choices: ACCEPT_ALL })
    ).json();
    await t.db.update(users).set({ restrictedPricing: true }).where(eq(users.email, BUYER));
    try {
      const after = (
        await price(BUYER, { catalog: 'lifts', branchNumber: 101, items: skus.map((sku) => ({ sku, quantity: 1 })), choices: ACCEPT_ALL })
      ).json();
      const principal = await loadPrincipal(t.db, hashToken(tokens[BUYER]!), 60);
      const [product] = await findProductsBySkus(t.db, principal!, { skus, catalog: 'lifts', branchNumber: 101, shipToState: 'CA' });
      expect(after.items[0].price).toBe(product!.msrp);
      expect(after.items[0].price).toBeGreaterThan(before.items[0].price);
    } finally {
      await t.db.update(users).set({ restrictedPricing: false }).where(eq(users.email, BUYER));
    }
  });

  it('drops unknown SKUs and SKUs of another catalog, and lists them', async () => {
    const response = await price(ADMIN, {
      catalog: 'lifts',
      branchNumber: 101,
      items: [
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: L.smallParcel, quantity: 1 },
        { sku: FEATURED_SKUS.show.smallParcel, quantity: 1 },
      ],
      choices: ACCEPT_ALL,
    });
    expect(response.statusCode).toBe(200);
    const cart = response.json();
    expect(cart.items.map((i: CartItem) => i.sku)).toEqual([L.smallParcel]);
    expect(cart.removedSkus).toEqual(['NO-SUCH-SKU', FEATURED_SKUS.show.smallParcel]);
  });

  it('prices for CA when no destination state is given (spec 9)', async () => {
    const cart = (
      await price(ADMIN, { catalog: 'lifts', branchNumber: 101, items: [{ sku: L.smallParcel, quantity: 1 }], choices: ACCEPT_ALL })
    ).json();
    expect(cart.shipToState).toBe('CA');
  });

  it('declines the notice of an empty cart', async () => {
    const cart = (await price(ADMIN, { catalog: 'show', branchNumber: 102, items: [], choices: ACCEPT_ALL })).json();
    expect(cart.charges.notice).toEqual({ required: false, declined: true, declinable: false, amount: 0 });
    expect(cart.grandTotal).toBe(0);
  });

  describe('price override (spec 6 allowPriceOverride)', () => {
    const body = (priceOverride: number | null) => ({
      catalog: 'lifts',
      items: [{ sku: L.smallParcel, quantity: 3, priceOverride }],
      choices: DECLINE_ALL,
    });

    it('is honoured for Summit Lift Supply', async () => {
      const cart = (await price(ADMIN, { ...body(12.5), branchNumber: 101 })).json();
      expect(cart.items[0]).toMatchObject({ priceOverride: 12.5, price: 12.5 });
      expect(cart.items[0].originalPrice).not.toBe(12.5);
      expect(cart.itemsSubTotal).toBe(37.5);
      expect(cart.grandTotal).toBe(37.5);
    });

    it('equal to the catalog price is no override', async () => {
      const original = (await price(ADMIN, { ...body(null), branchNumber: 101 })).json().items[0].originalPrice;
      const cart = (await price(ADMIN, { ...body(original), branchNumber: 101 })).json();
      expect(cart.items[0]).toMatchObject({ priceOverride: null, price: original });
    });

    it('is ignored for Valley Garage (no price override)', async () => {
      const cart = (await price(VALLEY, { ...body(12.5), branchNumber: 201 })).json();
      expect(cart.items[0].priceOverride).toBeNull();
      expect(cart.items[0].price).toBe(cart.items[0].originalPrice);
    });

    it('must be a number >= 0', async () => {
      const response = await price(ADMIN, { ...body(-1), branchNumber: 101 });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages[0].field).toBe('items.0.priceOverride');
    });
  });

  describe('validation', () => {
    it.each([
      ['a zero quantity', { sku: L.smallParcel, quantity: 0 }, 'items.0.quantity'],
      ['a fractional quantity', { sku: L.smallParcel, quantity: 1.5 }, 'items.0.quantity'],
      ['an empty SKU', { sku: '', quantity: 1 }, 'items.0.sku'],
    ])('refuses %s', async (_n, line, field) => {
      const response = await price(ADMIN, { catalog: 'lifts', branchNumber: 101, items: [line], choices: ACCEPT_ALL });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.map((m: { field: string }) => m.field)).toContain(field);
    });

    it('refuses an unknown state and missing choices', async () => {
      expect(
        (await price(ADMIN, { catalog: 'lifts', branchNumber: 101, shipToState: 'XX', items: [], choices: ACCEPT_ALL })).statusCode,
      ).toBe(400);
      expect((await price(ADMIN, { catalog: 'lifts', branchNumber: 101, items: [] })).statusCode).toBe(400);
    });

    it('refuses a SKU twice', async () => {
      const response = await price(ADMIN, {
        catalog: 'lifts',
        branchNumber: 101,
        items: [
          { sku: L.smallParcel, quantity: 1 },
          { sku: L.smallParcel, quantity: 2 },
        ],
        choices: ACCEPT_ALL,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ messages: [{ field: 'items.1.sku', message: DUPLICATE_SKU_MESSAGE }] });
    });
  });

  describe('access', () => {
    const body = { catalog: 'lifts', branchNumber: 101, items: [{ sku: L.smallParcel, quantity: 1 }], choices: ACCEPT_ALL };

    it('needs a session', async () => {
      const response = await t.request({ method: 'POST', url: '/api/cart/price', payload: body });
      expect(response.statusCode).toBe(401);
    });

    it('needs the checkout role (viewer has catalog only)', async () => {
      const response = await price(VIEWER, body);
      expect(response.statusCode).toBe(403);
    });

    it("refuses a branch that is not the caller's", async () => {
      expect((await price(BUYER, { ...body, branchNumber: 102 })).statusCode).toBe(403);
      expect((await price(VALLEY, body)).statusCode).toBe(403);
    });

    it("answers 404 for a catalog the organization does not have (Valley Garage has no 'show')", async () => {
      const response = await price(VALLEY, { ...body, branchNumber: 201, catalog: 'show' });
      expect(response.statusCode).toBe(404);
    });

    it('is listed in the OpenAPI document', async () => {
      const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(document.paths['/api/cart/price'].post).toBeDefined();
    });
  });
});
