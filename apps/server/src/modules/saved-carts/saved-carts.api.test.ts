import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SAVED_CART_MESSAGES } from '@portal/domain/rules';
import type { SavedCart, SavedCartSummary } from '@portal/domain';
import { auditEntries } from '../audit/schema.js';
import { savedCartLines } from './schema.js';
import { users } from '../users/index.js';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const VIEWER = 'viewer@summitlift.example.com';
const VALLEY = 'owner@valleygarage.example.com';
const L = FEATURED_SKUS.lifts;
const S = FEATURED_SKUS.show;

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [ADMIN, BUYER, VIEWER, VALLEY]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
const call = (email: string, { method, url, payload }: Call) =>
  t.request({ method, url, payload: payload as object, token: tokens[email] });

const ITEMS: { sku: string; quantity: number }[] = [
  { sku: L.smallParcel, quantity: 4 },
  { sku: L.requiresFlatbed, quantity: 1 },
];

async function save(email: string, name: string, branchNumber = 101, items = ITEMS, catalog = 'lifts'): Promise<SavedCart> {
  const response = await call(email, { method: 'POST', url: '/api/saved-carts', payload: { name, branchNumber, catalog, items } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const list = async (email: string, branchNumber: number): Promise<SavedCartSummary[]> => {
  const response = await call(email, { method: 'GET', url: `/api/saved-carts?branchNumber=${branchNumber}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const auditOf = (savedCartId: number) =>
  t.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectId, savedCartId), eq(auditEntries.organizationId, 1)));

describe('saved carts', () => {
  it('saves the lines under a name with owner and dates, and lists them for the branch, newest first', async () => {
    const saved = await save(BUYER, '  Weekly pads  ');
    expect(saved).toMatchObject({
      name: 'Weekly pads',
      catalog: 'lifts',
      branchNumber: 101,
      owner: { name: 'Marcus Bell' },
      lineCount: 2,
      unitCount: 5,
      canManage: true,
      items: ITEMS,
    });
    expect(Date.parse(saved.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await save(ADMIN, 'Show floor restock', 101, [{ sku: L.liftGateOnly, quantity: 2 }]);

    const rows = await list(BUYER, 101);
    expect(rows.map((r) => r.name).slice(0, 2)).toEqual(['Show floor restock', 'Weekly pads']);
    // The buyer sees the admin's list but may not change it; the admin (manageUsers) may change both.
    expect(rows.find((r) => r.id === second.id)!.canManage).toBe(false);
    expect((await list(ADMIN, 101)).every((r) => r.canManage)).toBe(true);

    const [created] = await auditOf(saved.id);
    expect(created).toMatchObject({ kind: 'savedCart.create', subject: 'Weekly pads', userEmail: BUYER });
    expect(created!.after).toMatchObject({ name: 'Weekly pads', catalog: 'lifts', items: ITEMS });
  });

  it("resolves 'portal' to the user's first catalog", async () => {
    const saved = await save(ADMIN, 'Default catalog', 101, [{ sku: L.smallParcel, quantity: 1 }], 'portal');
    expect(saved.catalog).toBe('lifts');
  });

  it('is never seen from another branch or organization', async () => {
    const saved = await save(ADMIN, 'Boise only', 102, [{ sku: S.smallParcel, quantity: 1 }], 'show');
    expect((await list(ADMIN, 102)).map((r) => r.id)).toContain(saved.id);
    expect((await list(ADMIN, 101)).map((r) => r.id)).not.toContain(saved.id);
    expect(await list(VALLEY, 201)).toEqual([]);

    const url = `/api/saved-carts/${saved.id}`;
    // Same organization, the wrong branch: 404.
    expect((await call(ADMIN, { method: 'GET', url: `${url}?branchNumber=101` })).statusCode).toBe(404);
    // Another organization, with its own branch: 404 for every call.
    for (const request of [
      { method: 'GET', url: `${url}?branchNumber=201` },
      { method: 'PUT', url: `${url}?branchNumber=201`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `${url}?branchNumber=201` },
      { method: 'POST', url: `${url}/load?branchNumber=201`, payload: {} },
    ] as Call[]) {
      const response = await call(VALLEY, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ messages: [{ field: '', message: SAVED_CART_MESSAGES.notFound }] });
    }
    // Another organization naming this organization's branch: 403.
    expect((await call(VALLEY, { method: 'GET', url: `${url}?branchNumber=102` })).statusCode).toBe(403);
    expect((await call(VALLEY, { method: 'GET', url: '/api/saved-carts?branchNumber=101' })).statusCode).toBe(403);
    // A branch of the organization the user does not have: 403.
    expect((await call(BUYER, { method: 'GET', url: `${url}?branchNumber=102` })).statusCode).toBe(403);
    expect((await call(ADMIN, { method: 'GET', url: `${url}?branchNumber=102` })).statusCode).toBe(200);
  });

  it('loads a saved cart priced today for the destination state, answered as the quick order', async () => {
    const saved = await save(BUYER, 'To load', 101, [
      { sku: L.smallParcel, quantity: 4 },
      { sku: L.liftGateOnly, quantity: 1 },
    ]);
    // The catalog dropped a product since: its line comes back refused.
    await t.db
      .update(savedCartLines)
      .set({ sku: 'GONE-0001' })
      .where(and(eq(savedCartLines.savedCartId, saved.id), eq(savedCartLines.position, 1)));
    const response = await call(BUYER, {
      method: 'POST',
      url: `/api/saved-carts/${saved.id}/load?branchNumber=101`,
      payload: { shipToState: 'CO' },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ catalog: 'lifts', branchNumber: 101, shipToState: 'CO' });
    expect(
      answer.lines.map((l: { line: number; sku: string; quantity: number; reason: string | null }) => [
        l.line,
        l.sku,
        l.quantity,
        l.reason,
      ]),
    ).toEqual([
      [1, L.smallParcel, 4, null],
      [2, 'GONE-0001', 1, 'unknownSku'],
    ]);
    expect(answer.lines[0].item.price).toBeGreaterThan(0);
  });

  it('is renamed and deleted by its owner, with audit entries of the before and after values', async () => {
    const saved = await save(BUYER, 'Old name');
    const url = `/api/saved-carts/${saved.id}?branchNumber=101`;
    const renamed = await call(BUYER, { method: 'PUT', url, payload: { name: 'New name' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: saved.id, name: 'New name' });
    expect((await call(BUYER, { method: 'GET', url })).json().name).toBe('New name');

    expect((await call(BUYER, { method: 'DELETE', url })).json()).toEqual({ ok: true });
    expect((await call(BUYER, { method: 'GET', url })).statusCode).toBe(404);
    expect(await t.db.select().from(savedCartLines).where(eq(savedCartLines.savedCartId, saved.id))).toEqual([]);

    const entries = await auditOf(saved.id);
    expect(entries.map((e) => e.kind)).toEqual(['savedCart.create', 'savedCart.update', 'savedCart.delete']);
    expect(entries[1]).toMatchObject({ before: { name: 'Old name' }, after: { name: 'New name' } });
    expect(entries[2]).toMatchObject({ subject: 'New name', after: null });
    expect(entries[2]!.before).toMatchObject({ name: 'New name', items: ITEMS });
  });

  it('is renamed or deleted by a user administrator, but not by another user without manageUsers (403)', async () => {
    const saved = await save(ADMIN, "Admin's list");
    const url = `/api/saved-carts/${saved.id}?branchNumber=101`;
    for (const request of [
      { method: 'PUT', url, payload: { name: 'Taken over' } },
      { method: 'DELETE', url },
    ] as Call[]) {
      const response = await call(BUYER, request);
      expect(response.statusCode).toBe(403);
      expect(response.json().messages[0].message).toBe(SAVED_CART_MESSAGES.notOwner);
    }
    // Still there, unchanged; the buyer may load it all the same.
    expect((await call(BUYER, { method: 'GET', url })).json().name).toBe("Admin's list");
    expect((await call(BUYER, { method: 'POST', url: `/api/saved-carts/${saved.id}/load?branchNumber=101`, payload: {} })).statusCode).toBe(
      200,
    );

    const buyers = await save(BUYER, "Buyer's list");
    const buyersUrl = `/api/saved-carts/${buyers.id}?branchNumber=101`;
    expect((await call(ADMIN, { method: 'PUT', url: buyersUrl, payload: { name: 'Tidied' } })).statusCode).toBe(200);
    expect((await call(ADMIN, { method: 'DELETE', url: buyersUrl })).statusCode).toBe(200);
  });

  describe('validation', () => {
    const base = { name: 'Valid', branchNumber: 101, catalog: 'lifts', items: [{ sku: L.smallParcel, quantity: 1 }] };

    it.each([
      ['no name', { name: '   ' }, 'name', SAVED_CART_MESSAGES.nameRequired],
      ['a missing name', { name: undefined }, 'name', SAVED_CART_MESSAGES.nameRequired],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', SAVED_CART_MESSAGES.nameTooLong],
      ['no items', { items: [] }, 'items', SAVED_CART_MESSAGES.itemsRequired],
      ['a zero quantity', { items: [{ sku: L.smallParcel, quantity: 0 }] }, 'items.0.quantity', undefined],
      ['an empty SKU', { items: [{ sku: '', quantity: 1 }] }, 'items.0.sku', undefined],
      ['no branch', { branchNumber: undefined }, 'branchNumber', undefined],
      [
        'a SKU twice',
        {
          items: [
            { sku: L.smallParcel, quantity: 1 },
            { sku: L.smallParcel, quantity: 2 },
          ],
        },
        'items.1.sku',
        SAVED_CART_MESSAGES.duplicateSku,
      ],
      [
        'a SKU the catalog does not list',
        {
          items: [
            { sku: L.smallParcel, quantity: 1 },
            { sku: S.smallParcel, quantity: 2 },
          ],
        },
        'items.1.sku',
        SAVED_CART_MESSAGES.notInCatalog,
      ],
    ])('refuses %s (400)', async (_name, change, field, message) => {
      const response = await call(ADMIN, { method: 'POST', url: '/api/saved-carts', payload: { ...base, ...change } });
      expect(response.statusCode).toBe(400);
      const messages: { field: string; message: string }[] = response.json().messages;
      expect(messages.map((m) => m.field)).toContain(field);
      if (message) expect(messages.find((m) => m.field === field)!.message).toBe(message);
    });

    it('refuses an empty new name (400) and a bad id (400)', async () => {
      const saved = await save(ADMIN, 'Keep');
      const response = await call(ADMIN, { method: 'PUT', url: `/api/saved-carts/${saved.id}?branchNumber=101`, payload: { name: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages[0]).toEqual({ field: 'name', message: SAVED_CART_MESSAGES.nameRequired });
      expect((await call(ADMIN, { method: 'GET', url: '/api/saved-carts/abc?branchNumber=101' })).statusCode).toBe(400);
      expect((await call(ADMIN, { method: 'GET', url: '/api/saved-carts' })).statusCode).toBe(400);
    });

    it("answers 404 for a catalog the organization does not have (Valley Garage has no 'show')", async () => {
      const response = await call(VALLEY, {
        method: 'POST',
        url: '/api/saved-carts',
        payload: { ...base, branchNumber: 201, catalog: 'show', items: [{ sku: S.smallParcel, quantity: 1 }] },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('needs a session (401) and the checkout role (viewer: 403)', async () => {
      expect((await t.request({ method: 'GET', url: '/api/saved-carts?branchNumber=101' })).statusCode).toBe(401);
      for (const request of [
        { method: 'GET', url: '/api/saved-carts?branchNumber=101' },
        { method: 'POST', url: '/api/saved-carts', payload: { name: 'x', branchNumber: 101, catalog: 'lifts', items: ITEMS } },
        { method: 'GET', url: '/api/saved-carts/1?branchNumber=101' },
        { method: 'PUT', url: '/api/saved-carts/1?branchNumber=101', payload: { name: 'x' } },
        { method: 'DELETE', url: '/api/saved-carts/1?branchNumber=101' },
        { method: 'POST', url: '/api/saved-carts/1/load?branchNumber=101', payload: {} },
      ] as Call[]) {
        expect((await call(VIEWER, request)).statusCode, `${request.method} ${request.url}`).toBe(403);
      }
    });

    it('shows the owner by name even after the owner is renamed', async () => {
      const saved = await save(BUYER, 'Owner check');
      await t.db.update(users).set({ firstName: 'Marcus', lastName: 'Bell-Hart' }).where(eq(users.email, BUYER));
      const row = (await list(ADMIN, 101)).find((r) => r.id === saved.id)!;
      expect(row.owner.name).toBe('Marcus Bell-Hart');
      await t.db.update(users).set({ firstName: 'Marcus', lastName: 'Bell' }).where(eq(users.email, BUYER));
    });

    it('is listed in the OpenAPI document', async () => {
      const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(document.paths['/api/saved-carts'].get).toBeDefined();
      expect(document.paths['/api/saved-carts/{id}'].put).toBeDefined();
      expect(document.paths['/api/saved-carts/{id}/load'].post).toBeDefined();
    });
  });
});
