/**
 * Issue 17's access matrix: every /api route the app registers, called by every kind of caller
 * (no session, a user of each single role, the organization's admin, another organization's user,
 * a deactivated user's still-open session, organization 1's admin naming organization 2's branch,
 * and the manufacturer's API key). Each answer must have the status route-access-expectations.ts
 * gives for that caller, and must carry no other organization's data.
 *
 * The routes come from the app itself (`app.apiRoutes`, filled by the access hook), so a route added
 * without an entry in the expectations file fails here. Every call comes from a network address
 * that is not this machine, as an attacker's would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_KEYS } from '@portal/domain/rules';
import { organizations } from '../modules/organizations/index.js';
import { users } from '../modules/users/index.js';
import type { Access } from '../http/access.js';
import { createApiKey } from '../modules/integration/index.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ROUTE_EXPECTATIONS, type CallerKind, type MatrixContext, type RouteExpectation } from './route-access-expectations.js';
import { FEATURED_SHIP_TO } from '../seed/featured.js';

/** Each caller calls from its own address of the documentation range (login limits count per address). */
const remoteOf = (caller: CallerKind) => `203.0.113.${CALLERS.indexOf(caller) + 10}`;
const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const OTHER_OWNER = 'owner@valleygarage.example.com';
const DEACTIVATED = 'matrix.deactivated@summitlift.example.com';
const ORDER_NUMBER = 3910111; // branch 101, shipped
const FORGED_BRANCH = 201; // Valley Garage's (organization 2) branch

/** Text that only organization 1's answers may carry. */
const ORGANIZATION_1_DATA = [/summitlift/i, /Summit Lift/i, /Whitfield/, /\b39101\d\d\b/];
/** Text that only organizations 2 and 3 may see. */
const OTHER_ORGANIZATIONS_DATA = [
  /valleygarage/i,
  /Valley Garage/i,
  /coastalauto/i,
  /Coastal Auto/i,
  /Fresno/,
  /Savannah/,
  /\b39[23]01\d\d\b/,
];

const ROLE_CALLERS = ROLE_KEYS.map((role) => `role:${role}` as CallerKind);
const CALLERS: CallerKind[] = ['anonymous', 'orgAdmin', ...ROLE_CALLERS, 'otherOrganization', 'deactivated', 'forgedBranch', 'integration'];

function routeKey(route: { method: string; url: string }) {
  return `${route.method} ${route.url}`;
}

function sessionAccess(access: Access) {
  return typeof access === 'object' ? access : undefined;
}

/** The statuses a caller may get, from the entry's declaration unless the entry names that caller. */
export function expectedStatuses(entry: RouteExpectation, caller: CallerKind, otherOrganizationFlags: Record<string, boolean>): number[] {
  const allowed = entry.allowed ?? [200];
  const override = entry.callers?.[caller];
  if (override) return override;
  const { access } = entry;
  if (access === 'public') return allowed;
  if (access === 'integration') return caller === 'integration' ? allowed : [401];
  const session = sessionAccess(access)!;
  switch (caller) {
    case 'anonymous':
    case 'deactivated':
    case 'integration':
      return [401];
    case 'orgAdmin':
      return allowed;
    case 'forgedBranch':
      return entry.forgedBranch ?? [403];
    case 'otherOrganization':
      if (session.flag && !otherOrganizationFlags[session.flag]) return [403];
      return entry.otherOrganization ?? (entry.branch ? (entry.forgedBranch ?? [403]) : allowed);
    default: {
      const role = caller.slice('role:'.length);
      const roles = session.roles ?? [];
      return roles.every((r) => r === role) ? allowed : [403];
    }
  }
}

describe('access matrix: every route x every caller', () => {
  let t: TestApp;
  /** The same app in Stripe mode, for the routes only that mode registers (the provider's webhook). */
  let stripe: TestApp;
  const tokens = new Map<CallerKind, string>();
  const emailOf = new Map<CallerKind, string>();
  let integrationKey = '';
  let otherOrganizationFlags: Record<string, boolean> = {};
  const ids = { adminId: 0, buyerId: 0, self: new Map<CallerKind, number>() };
  let counter = 0;

  async function userId(email: string) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  async function tokenOf(caller: CallerKind): Promise<string | undefined> {
    if (caller === 'anonymous') return undefined;
    if (caller === 'integration') return integrationKey;
    const existing = tokens.get(caller);
    if (existing) return existing;
    const token = await t.login(emailOf.get(caller)!);
    tokens.set(caller, token);
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN));
    ids.adminId = admin!.id;
    ids.buyerId = await userId(BUYER);
    // Users of organization 1 with exactly one role each (and every branch), same password as the demo's.
    for (const role of ROLE_KEYS) {
      const email = `matrix.${role.toLowerCase()}@summitlift.example.com`;
      await t.db.insert(users).values({
        organizationId: admin!.organizationId,
        email,
        passwordHash: admin!.passwordHash,
        firstName: 'Matrix',
        lastName: role,
        isActive: true,
        isVerified: true,
        useOrganizationBranches: true,
        useOrganizationRoles: false,
        roles: [role],
      });
      emailOf.set(`role:${role}`, email);
    }
    emailOf.set('orgAdmin', ADMIN);
    emailOf.set('forgedBranch', ADMIN);
    emailOf.set('otherOrganization', OTHER_OWNER);
    for (const [caller, email] of emailOf) ids.self.set(caller, await userId(email));

    // A user with every role who signs in, and is then deactivated by an administrator: the session
    // the user still holds must open nothing.
    await t.db.insert(users).values({
      organizationId: admin!.organizationId,
      email: DEACTIVATED,
      passwordHash: admin!.passwordHash,
      firstName: 'Matrix',
      lastName: 'Deactivated',
      isActive: true,
      isVerified: true,
      useOrganizationBranches: true,
      useOrganizationRoles: true,
    });
    tokens.set('deactivated', await t.login(DEACTIVATED));
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, DEACTIVATED));

    integrationKey = (await createApiKey(t.db, 'access matrix')).key;
    stripe = await createTestApp({
      paymentGateway: 'stripe',
      stripeSecretKey: 'sk_test_matrix',
      stripePublishableKey: 'pk_test_matrix',
      stripeWebhookSecret: 'whsec_matrix',
      stripeApiUrl: 'http://127.0.0.1:9',
    });
    const [valley] = await t.db.select().from(organizations).where(eq(organizations.name, 'Valley Garage Equipment'));
    otherOrganizationFlags = valley as unknown as Record<string, boolean>;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  function context(caller: CallerKind): MatrixContext {
    return {
      branchNumber: caller === 'forgedBranch' ? FORGED_BRANCH : 101,
      selfId: ids.self.get(caller) ?? ids.adminId,
      adminId: ids.adminId,
      buyerId: ids.buyerId,
      orderNumber: ORDER_NUMBER,
      uniqueEmail: () => `matrix.${++counter}@nowhere.example.net`,
      async freshCheckout(options = {}) {
        const token = await tokenOf(caller === 'role:checkout' || caller === 'forgedBranch' ? caller : 'orgAdmin');
        const priced = await t.request({
          method: 'POST',
          url: '/api/cart/price',
          token,
          payload: {
            catalog: 'lifts',
            branchNumber: 101,
            shipToState: 'CO',
            items: [{ sku: 'PBYAX-0104', quantity: 1 }],
            choices: { notice: false, residential: false, forklift: false, liftgate: false },
          },
        });
        expect(priced.statusCode, priced.body).toBe(200);
        const cart = priced.json() as {
          items: { sku: string; quantity: number; price: number; priceOverride: number | null }[];
          grandTotal: number;
        };
        const created = await t.request({
          method: 'POST',
          url: '/api/checkout',
          token,
          payload: {
            catalog: 'lifts',
            branchNumber: 101,
            shipToState: 'CO',
            email: ADMIN,
            items: cart.items.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price, priceOverride: i.priceOverride })),
            choices: { notice: false, residential: false, forklift: false, liftgate: false },
            grandTotal: cart.grandTotal,
          },
        });
        expect(created.statusCode, created.body).toBe(200);
        const checkout = created.json() as { confirmationNumber: string; paymentIntentId: string; paymentIntentSecret: string };
        if (options.withShipping) {
          const updated = await t.request({
            method: 'PUT',
            url: '/api/checkout',
            token,
            payload: { confirmationNumber: checkout.confirmationNumber, shipToAddress: FEATURED_SHIP_TO, purchaseOrderNumber: 'PO-MATRIX' },
          });
          expect(updated.statusCode, updated.body).toBe(200);
        }
        return checkout;
      },
    };
  }

  it('has an entry for every registered route, declaring the access the route declares', () => {
    const registered = [
      ...t.app.apiRoutes,
      ...stripe.app.apiRoutes.filter((r) => !t.app.apiRoutes.some((s) => routeKey(s) === routeKey(r))),
    ];
    const missing = registered.filter((route) => !ROUTE_EXPECTATIONS[routeKey(route)]);
    expect(
      missing.map((route) => `add an entry for ${routeKey(route)} to apps/server/src/security/route-access-expectations.ts`),
      'routes without an access expectation',
    ).toEqual([]);
    const mismatched = registered
      .filter((route) => ROUTE_EXPECTATIONS[routeKey(route)])
      .filter((route) => JSON.stringify(route.access) !== JSON.stringify(ROUTE_EXPECTATIONS[routeKey(route)]!.access))
      .map(
        (route) =>
          `${routeKey(route)} declares ${JSON.stringify(route.access)}, the expectation says ${JSON.stringify(ROUTE_EXPECTATIONS[routeKey(route)]!.access)}`,
      );
    expect(mismatched).toEqual([]);
    // Entries of routes that no longer exist would test nothing.
    const stale = Object.keys(ROUTE_EXPECTATIONS).filter((key) => !registered.some((route) => routeKey(route) === key));
    expect(stale, 'expectations of routes the app does not register').toEqual([]);
  });

  for (const [key, entry] of Object.entries(ROUTE_EXPECTATIONS)) {
    it(`${key}: every caller gets its status and no other organization's data`, async () => {
      const [method, url] = key.split(' ') as [string, string];
      // A route of Stripe mode only is called on that app; a route of neither is reported by the coverage test above.
      const inMain = t.app.apiRoutes.some((route) => routeKey(route) === key);
      if (!inMain && !stripe.app.apiRoutes.some((route) => routeKey(route) === key)) return;
      const targetApp = inMain ? t : stripe;
      const failures: string[] = [];
      for (const caller of CALLERS) {
        if (caller === 'forgedBranch' && !entry.branch) continue;
        const expected = expectedStatuses(entry, caller, otherOrganizationFlags);
        const sample = entry.sample ? await entry.sample(context(caller)) : {};
        const target = sample.url ?? url;
        expect(target, `${key}: the sample must fill the path parameters`).not.toMatch(/:[a-zA-Z]/);
        const token = await tokenOf(caller);
        const response = await targetApp.request({
          method: method as 'GET',
          url: target,
          remoteAddress: remoteOf(caller),
          ...(sample.query ? { query: Object.fromEntries(Object.entries(sample.query).map(([k, v]) => [k, String(v)])) } : {}),
          ...(sample.body !== undefined ? { payload: sample.body as object } : {}),
          ...(token ? { token } : {}),
        });
        if (entry.endsSession && token && caller !== 'integration' && caller !== 'deactivated') tokens.delete(caller);
        if (!expected.includes(response.statusCode)) {
          failures.push(`${caller}: ${response.statusCode} (expected ${expected.join(' or ')}) ${response.body.slice(0, 200)}`);
        }
        // Foreign data: organization 1's callers never see another organization's; everyone else
        // never sees organization 1's (the samples all name organization 1's resources).
        // The manufacturer's API key sees every organization's orders by design.
        const organization1Caller = caller === 'orgAdmin' || caller === 'forgedBranch' || caller.startsWith('role:');
        const forbiddenText = organization1Caller ? OTHER_ORGANIZATIONS_DATA : ORGANIZATION_1_DATA;
        const leaked = caller === 'integration' ? undefined : forbiddenText.find((pattern) => pattern.test(response.body));
        if (leaked) failures.push(`${caller}: the answer carries ${leaked} (${response.body.slice(0, 200)})`);
        // A refusal never carries data at all: only the contract's error body.
        if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode === 404) {
          const body = response.json() as Record<string, unknown>;
          if (Object.keys(body).some((k) => k !== 'messages' && k !== 'code'))
            failures.push(`${caller}: refusal with extra fields ${response.body.slice(0, 200)}`);
        }
      }
      expect(failures, key).toEqual([]);
    });
  }
});
