import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditListResponse, ManagedUser } from '@portal/domain';
import { testConfig } from '../../config.js';
import { users } from '../users/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createMailTransport } from '../mail/index.js';
import { deliverDueMail } from '../mail/worker.js';

let t: TestApp;
let admin: string;
let owner: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, owner, buyer] = await Promise.all([
    t.login('admin@summitlift.example.com'),
    t.login('owner@valleygarage.example.com'),
    t.login('buyer@summitlift.example.com'),
  ]);
});
afterAll(() => t.close());

async function idOf(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const audit = (token: string, query: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/organization/audit', token, query });

async function editBody(id: number, changes: object = {}) {
  const user: ManagedUser = (await t.request({ method: 'GET', url: `/api/users/${id}`, token: admin })).json();
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isActive: user.isActive,
    restrictedPricing: user.restrictedPricing,
    limitOrderHistory: user.limitOrderHistory,
    allowCashSales: user.allowCashSales,
    useOrganizationBranches: user.useOrganizationBranches,
    useOrganizationRoles: user.useOrganizationRoles,
    branches: user.branches,
    roles: user.roles,
    ...changes,
  };
}

describe('audit trail of user changes', () => {
  it('records an invitation with who, when and the new values', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: admin,
      payload: {
        email: 'Audit.Invitee@summitlift.example.com',
        firstName: 'Audit',
        lastName: 'Invitee',
        phone: '3035550100',
        useOrganizationBranches: true,
        useOrganizationRoles: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const invited: ManagedUser = response.json();
    const page: AuditListResponse = (await audit(admin, { kind: 'user.invite' })).json();
    const entry = page.entries.find((e) => e.subjectId === invited.id);
    expect(entry).toMatchObject({
      kind: 'user.invite',
      subject: 'audit.invitee@summitlift.example.com',
      userEmail: 'admin@summitlift.example.com',
      userId: await idOf('admin@summitlift.example.com'),
      before: null,
    });
    expect(entry!.after).toMatchObject({ email: 'audit.invitee@summitlift.example.com', firstName: 'Audit', isActive: true });
    expect(Date.now() - Date.parse(entry!.createdAt)).toBeLessThan(10 * 60_000);
  });

  it('records a deactivation and an activation with only the changed fields', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    expect(
      (await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: await editBody(id, { isActive: false }) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: await editBody(id, { isActive: true }) }))
        .statusCode,
    ).toBe(200);
    const page: AuditListResponse = (await audit(admin, { userId: String(await idOf('admin@summitlift.example.com')) })).json();
    const forViewer = page.entries.filter((e) => e.subjectId === id);
    // Newest first: the activation, then the deactivation.
    expect(forViewer.map((e) => e.kind).slice(0, 2)).toEqual(['user.activate', 'user.deactivate']);
    expect(forViewer[1]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(forViewer[0]).toMatchObject({ before: { isActive: false }, after: { isActive: true } });
  });

  it('records role, branch and option changes, and writes nothing for an unchanged save', async () => {
    const id = await idOf('buyer@summitlift.example.com');
    const before: AuditListResponse = (await audit(admin)).json();
    const unchanged = await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: await editBody(id) });
    expect(unchanged.statusCode).toBe(200);
    expect(((await audit(admin)).json() as AuditListResponse).totalResults).toBe(before.totalResults);

    const body = await editBody(id, { restrictedPricing: true, firstName: 'Bea' });
    const changed = await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: body });
    expect(changed.statusCode).toBe(200);
    const [latest] = ((await audit(admin, { kind: 'user.update' })).json() as AuditListResponse).entries;
    expect(latest).toMatchObject({ kind: 'user.update', subjectId: id });
    expect(latest!.before).toEqual({ firstName: expect.any(String), restrictedPricing: false });
    expect(latest!.after).toEqual({ firstName: 'Bea', restrictedPricing: true });
  });

  it("records an invitee's account activation, done by the invitee", async () => {
    const email = 'new.hire@summitlift.example.com';
    expect((await t.request({ method: 'POST', url: '/api/secure-challenge', payload: { email } })).statusCode).toBe(200);
    await deliverDueMail(t.db, createMailTransport(t.db, testConfig()));
    const mails: { text: string }[] = (await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: email } })).json();
    const code = /code is ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
    const { challenge } = (
      await t.request({ method: 'POST', url: '/api/secure-challenge/verify', payload: { email, challenge: code } })
    ).json();
    const completed = await t.request({
      method: 'POST',
      url: '/api/secure-challenge/complete',
      payload: { email, challenge, password: 'A-new-Passw0rd!' },
    });
    expect(completed.statusCode).toBe(200);
    const id = await idOf(email);
    const [entry] = ((await audit(admin, { kind: 'user.activate', userId: String(id) })).json() as AuditListResponse).entries;
    expect(entry).toMatchObject({
      userEmail: email,
      subject: email,
      subjectId: id,
      before: { isVerified: false },
      after: { isVerified: true },
    });
  });

  it('pages newest first', async () => {
    const all: AuditListResponse = (await audit(admin, { pageSize: '25' })).json();
    expect(all.totalResults).toBeGreaterThanOrEqual(4);
    const ids = all.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(all.totalPages).toBe(Math.max(1, Math.ceil(all.totalResults / 25)));
    const page2: AuditListResponse = (await audit(admin, { page: '2' })).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 25, entries: [] });
  });
});

describe('GET /api/organization/audit scoping and validation', () => {
  it("shows another organization none of this organization's entries", async () => {
    const response = await audit(owner);
    expect(response.statusCode).toBe(200);
    const page: AuditListResponse = response.json();
    expect(page.entries.every((e) => !e.userEmail.endsWith('@summitlift.example.com'))).toBe(true);
    const filtered: AuditListResponse = (await audit(owner, { userId: String(await idOf('admin@summitlift.example.com')) })).json();
    expect(filtered.totalResults).toBe(0);
  });

  it('answers 403 without manageUsers and 401 without a session', async () => {
    expect((await audit(buyer)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/organization/audit' })).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad kind, page, page size or user id', async () => {
    for (const [query, field] of [
      [{ kind: 'user.nonsense' }, 'kind'],
      [{ page: '0' }, 'page'],
      [{ pageSize: '7' }, 'pageSize'],
      [{ userId: 'abc' }, 'userId'],
      [{ userId: '99999999999' }, 'userId'],
    ] as const) {
      const response = await audit(admin, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect((response.json() as { messages: { field: string }[] }).messages[0]!.field).toBe(field);
    }
  });
});
