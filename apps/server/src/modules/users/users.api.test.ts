import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { USER_MESSAGES } from '@portal/domain/rules';
import type { ManagedUser } from '@portal/domain';
import { testConfig } from '../../config.js';
import { sessions } from '../auth/schema.js';
import { organizations } from '../organizations/index.js';
import { users } from './schema.js';
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

const getUser = (id: number, token: string, query?: Record<string, string>) =>
  t.request({ method: 'GET', url: `/api/users/${id}`, token, query });
const putUser = (id: number, token: string, payload: object, query?: Record<string, string>) =>
  t.request({ method: 'PUT', url: `/api/users/${id}`, token, payload, query });
const invite = (token: string, payload: object) => t.request({ method: 'PUT', url: '/api/users', token, payload });

/** The body the user detail page sends: every field of the user, changed as given. */
async function editBody(id: number, changes: object = {}, token = admin) {
  const user: ManagedUser = (await getUser(id, token)).json();
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

const messagesOf = (response: { json(): unknown }) => (response.json() as { messages: { field: string; message: string }[] }).messages;

describe('GET /api/users', () => {
  it("lists the organization's users, and only those", async () => {
    const response = await t.request({ method: 'GET', url: '/api/users', token: admin });
    expect(response.statusCode).toBe(200);
    const list: ManagedUser[] = response.json();
    const emails = list.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        'admin@summitlift.example.com',
        'buyer@summitlift.example.com',
        'viewer@summitlift.example.com',
        'inactive@summitlift.example.com',
        'new.hire@summitlift.example.com',
      ]),
    );
    expect(list.every((u) => u.organizationId === 1)).toBe(true);
    const adminUser = list.find((u) => u.email === 'admin@summitlift.example.com')!;
    expect(adminUser).toMatchObject({ useOrganizationRoles: true, useOrganizationBranches: true, isActive: true, isVerified: true });
    expect(adminUser.branches.map((b) => b.branchNumber)).toEqual([101, 102, 103]);
    expect(Object.values(adminUser.roles).every(Boolean)).toBe(true);
    expect(adminUser.lastLoginTime).not.toBeNull();
    const buyerUser = list.find((u) => u.email === 'buyer@summitlift.example.com')!;
    expect(buyerUser.branches).toEqual([{ branchNumber: 101, name: 'Denver' }]);
    expect(buyerUser.roles).toMatchObject({ catalog: true, checkout: true, orderHistory: true, manageUsers: false, storedPayments: false });
    expect(list.find((u) => u.email === 'new.hire@summitlift.example.com')).toMatchObject({ isVerified: false, lastLoginTime: null });
  });

  it('refuses users without manageUsers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/users', token: buyer });
    expect(response.statusCode).toBe(403);
    expect((await getUser(await idOf('viewer@summitlift.example.com'), buyer)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it("answers 404 for another organization's user", async () => {
    const response = await getUser(await idOf('owner@valleygarage.example.com'), admin);
    expect(response.statusCode).toBe(404);
    expect(messagesOf(response)[0]?.message).toBe(USER_MESSAGES.notFound);
  });

  it('gives anyone their own profile with type=profile, and nobody else’s', async () => {
    const buyerId = await idOf('buyer@summitlift.example.com');
    const own = await getUser(buyerId, buyer, { type: 'profile' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: 'buyer@summitlift.example.com', subscriptions: { confirmation: 'owned' } });
    expect((await getUser(await idOf('viewer@summitlift.example.com'), buyer, { type: 'profile' })).statusCode).toBe(403);
  });
});

describe('PUT /api/users/{id} by an administrator', () => {
  it('saves names, options, branches and roles, which the user’s next session shows', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const body = await editBody(id, {
      firstName: 'Vera',
      lastName: 'Iverson',
      phone: '3035550199',
      restrictedPricing: false,
      limitOrderHistory: true,
      allowCashSales: true,
      branches: [{ branchNumber: 103 }],
      roles: { catalog: true, checkout: true, orderHistory: false },
    });
    const response = await putUser(id, admin, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const saved: ManagedUser = (await getUser(id, admin)).json();
    expect(saved).toMatchObject({
      firstName: 'Vera',
      lastName: 'Iverson',
      phone: '3035550199',
      limitOrderHistory: true,
      allowCashSales: true,
    });
    expect(saved.branches).toEqual([{ branchNumber: 103, name: 'Phoenix' }]);
    expect(saved.roles).toMatchObject({ catalog: true, checkout: true, orderHistory: false });

    const session = (
      await t.request({ method: 'GET', url: '/api/users/session/refresh', token: await t.login('viewer@summitlift.example.com') })
    ).json();
    expect(session.user.branches).toEqual([{ branchNumber: 103, name: 'Phoenix' }]);
    expect(session.user.roles).toMatchObject({ catalog: true, checkout: true, orderHistory: false });
  });

  it('inherits all branches and roles with the All choices', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const response = await putUser(id, admin, await editBody(id, { useOrganizationBranches: true, useOrganizationRoles: true }));
    expect(response.statusCode).toBe(200);
    const saved: ManagedUser = (await getUser(id, admin)).json();
    expect(saved.branches.map((b) => b.branchNumber)).toEqual([101, 102, 103]);
    expect(Object.values(saved.roles).every(Boolean)).toBe(true);
    // Unticking All keeps what is then sent.
    const back = await putUser(
      id,
      admin,
      await editBody(id, { useOrganizationBranches: false, branches: [{ branchNumber: 101 }, { branchNumber: 102 }] }),
    );
    expect(back.statusCode).toBe(200);
    expect(((await getUser(id, admin)).json() as ManagedUser).branches.map((b) => b.branchNumber)).toEqual([101, 102]);
  });

  it('requires the user id, matching the address', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const { id: _omit, ...withoutId } = await editBody(id);
    const missing = await putUser(id, admin, withoutId);
    expect(missing.statusCode).toBe(400);
    expect(messagesOf(missing)).toEqual([{ field: 'id', message: 'The User ID is required.' }]);
    const other = await putUser(id, admin, { ...withoutId, id: id + 1 });
    expect(other.statusCode).toBe(400);
    expect(messagesOf(other)[0]?.field).toBe('id');
  });

  it('answers the spec messages for missing fields', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const response = await putUser(id, admin, await editBody(id, { email: 'nope', firstName: ' ', lastName: '', phone: '' }));
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'The email address is invalid.' },
        { field: 'firstName', message: 'First Name is required.' },
        { field: 'lastName', message: 'Last Name is required.' },
        { field: 'phone', message: 'Phone is required.' },
      ]),
    );
  });

  it('never gives storedPayments, a role the organization lacks, a foreign branch, or cash sales where not allowed', async () => {
    const id = await idOf('buyer@summitlift.example.com');
    const storedPayments = await putUser(id, admin, await editBody(id, { roles: { storedPayments: true } }));
    expect(storedPayments.statusCode).toBe(400);
    expect(messagesOf(storedPayments)).toEqual([{ field: 'roles', message: 'The role Stored Payments cannot be assigned.' }]);

    const branch = await putUser(id, admin, await editBody(id, { branches: [{ branchNumber: 201 }] }));
    expect(branch.statusCode).toBe(400);
    expect(messagesOf(branch)[0]?.field).toBe('branches');

    const none = await putUser(id, admin, await editBody(id, { branches: [] }));
    expect(messagesOf(none)).toEqual([{ field: 'branches', message: USER_MESSAGES.branchRequired }]);

    // Valley Garage allows no cash sales, and (for this test) has no accounting role.
    await t.db
      .update(organizations)
      .set({ roles: ['catalog', 'checkout', 'manageUsers', 'orderHistory'] })
      .where(eq(organizations.id, 2));
    const ownerToken = await t.login('owner@valleygarage.example.com');
    const invited = await invite(ownerToken, {
      email: 'tech@valleygarage.example.com',
      firstName: 'Tess',
      lastName: 'Tech',
      phone: '5595550100',
      branches: [{ branchNumber: 201 }],
      roles: { catalog: true },
    });
    expect(invited.statusCode).toBe(200);
    const valleyUser: ManagedUser = invited.json();
    const cash = await putUser(valleyUser.id, ownerToken, await editBody(valleyUser.id, { allowCashSales: true }, ownerToken));
    expect(cash.statusCode).toBe(400);
    expect(messagesOf(cash)).toEqual([{ field: 'allowCashSales', message: USER_MESSAGES.cashSalesNotAllowed }]);
    const accounting = await putUser(valleyUser.id, ownerToken, await editBody(valleyUser.id, { roles: { accounting: true } }, ownerToken));
    expect(accounting.statusCode).toBe(400);
    expect(messagesOf(accounting)).toEqual([{ field: 'roles', message: 'The role Accounting Manager cannot be assigned.' }]);
    await t.db
      .update(organizations)
      .set({ roles: ['accounting', 'catalog', 'catalogExport', 'checkout', 'manageUsers', 'orderHistory', 'storedPayments'] })
      .where(eq(organizations.id, 2));
  });

  it("refuses another organization's user", async () => {
    const id = await idOf('owner@valleygarage.example.com');
    const body = await editBody(id, {}, owner);
    const response = await putUser(id, admin, body);
    expect(response.statusCode).toBe(404);
  });

  it('refuses users without manageUsers, even for harmless fields', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const response = await putUser(id, buyer, await editBody(id, { firstName: 'Mallory' }));
    expect(response.statusCode).toBe(403);
  });

  it('refuses an email another user has', async () => {
    const id = await idOf('viewer@summitlift.example.com');
    const response = await putUser(id, admin, await editBody(id, { email: 'BUYER@summitlift.example.com' }));
    expect(response.statusCode).toBe(409);
    expect(messagesOf(response)).toEqual([{ field: 'email', message: USER_MESSAGES.emailTaken }]);
  });
});

describe('editing oneself', () => {
  it('lets an administrator change their own name but not their own permissions', async () => {
    const id = await idOf('owner@valleygarage.example.com');
    const ok = await putUser(id, owner, await editBody(id, { firstName: 'Olive' }, owner));
    expect(ok.statusCode).toBe(200);

    // A forged request: the page disables these boxes for oneself, the server refuses anyway.
    const dropRole = await putUser(id, owner, await editBody(id, { roles: { catalog: false } }, owner));
    expect(dropRole.statusCode).toBe(403);
    expect(messagesOf(dropRole)).toEqual([{ field: '', message: USER_MESSAGES.ownPermissions }]);
    const inherit = await putUser(id, owner, await editBody(id, { useOrganizationRoles: true }, owner));
    expect(inherit.statusCode).toBe(403);
    const option = await putUser(id, owner, await editBody(id, { restrictedPricing: true }, owner));
    expect(option.statusCode).toBe(403);
    const branches = await putUser(id, owner, await editBody(id, { useOrganizationBranches: true }, owner));
    expect(branches.statusCode).toBe(403);
    const after: ManagedUser = (await getUser(id, owner)).json();
    expect(after).toMatchObject({ firstName: 'Olive', useOrganizationRoles: false, restrictedPricing: false, roles: { catalog: true } });
  });

  it('refuses to deactivate oneself', async () => {
    const id = await idOf('admin@summitlift.example.com');
    const response = await putUser(id, admin, await editBody(id, { isActive: false }));
    expect(response.statusCode).toBe(403);
    expect(messagesOf(response)).toEqual([{ field: '', message: USER_MESSAGES.deactivateSelf }]);
  });

  it('refuses permissions, status or email sent with a profile save', async () => {
    const id = await idOf('buyer@summitlift.example.com');
    const profile = {
      firstName: 'Bea',
      lastName: 'Buyer',
      phone: '3035550100',
      subscriptions: { confirmation: 'company', shipping: '', invoice: 'owned' },
    };
    const roles = await putUser(id, buyer, { ...profile, roles: { manageUsers: true } }, { type: 'profile' });
    expect(roles.statusCode).toBe(403);
    const inherit = await putUser(id, buyer, { ...profile, useOrganizationRoles: true }, { type: 'profile' });
    expect(inherit.statusCode).toBe(403);
    const email = await putUser(id, buyer, { ...profile, email: 'someone@summitlift.example.com' }, { type: 'profile' });
    expect(email.statusCode).toBe(403);
    const session = (await t.request({ method: 'GET', url: '/api/users/session/refresh', token: buyer })).json();
    expect(session.user.roles.manageUsers).toBe(false);
    expect(session.user.email).toBe('buyer@summitlift.example.com');
  });
});

describe('profile', () => {
  it('saves name, phone and subscriptions; the refreshed session shows them', async () => {
    const id = await idOf('buyer@summitlift.example.com');
    const response = await putUser(
      id,
      buyer,
      {
        firstName: 'Bea',
        lastName: 'Buyer',
        phone: '(303) 555-0100',
        subscriptions: { confirmation: 'company', shipping: '', invoice: 'owned' },
      },
      { type: 'profile' },
    );
    expect(response.statusCode).toBe(200);
    const session = (await t.request({ method: 'GET', url: '/api/users/session/refresh', token: buyer })).json();
    expect(session.user).toMatchObject({
      firstName: 'Bea',
      lastName: 'Buyer',
      phone: '(303) 555-0100',
      subscriptions: { confirmation: 'company', shipping: '', invoice: 'owned' },
    });
  });

  it("refuses someone else's profile and missing fields", async () => {
    const viewerId = await idOf('viewer@summitlift.example.com');
    const body = { firstName: 'X', lastName: 'Y', phone: '1', subscriptions: { confirmation: '', shipping: '', invoice: '' } };
    expect((await putUser(viewerId, buyer, body, { type: 'profile' })).statusCode).toBe(403);
    const buyerId = await idOf('buyer@summitlift.example.com');
    const invalid = await putUser(
      buyerId,
      buyer,
      { ...body, phone: '', subscriptions: { confirmation: 'weekly', shipping: '', invoice: '' } },
      { type: 'profile' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(
      messagesOf(invalid)
        .map((m) => m.field)
        .sort(),
    ).toEqual(['phone', 'subscriptions.confirmation']);
  });
});

describe('deactivation', () => {
  it("ends the user's sessions at once, and activation lets them sign in again", async () => {
    const email = 'viewer@summitlift.example.com';
    const id = await idOf(email);
    const token = await t.login(email);
    expect((await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).statusCode).toBe(200);

    const response = await putUser(id, admin, await editBody(id, { isActive: false }));
    expect(response.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await getUser(id, admin)).json()).toMatchObject({ isActive: false });

    const login = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email, password: 'Demo-Portal-2026!', deviceId: 'd' },
    });
    expect(login.statusCode).toBe(403);

    expect((await putUser(id, admin, await editBody(id, { isActive: true }))).statusCode).toBe(200);
    await t.login(email);
  });
});

describe('PUT /api/users (invite)', () => {
  it('creates an unverified user and mails an activation link that activates the account', async () => {
    const email = 'Casey.New@SummitLift.example.com';
    const response = await invite(admin, {
      email,
      firstName: 'Casey',
      lastName: 'New',
      phone: '3035550111',
      branches: [{ branchNumber: 101 }, { branchNumber: 102 }],
      roles: { catalog: true, checkout: true },
    });
    expect(response.statusCode).toBe(200);
    const created: ManagedUser = response.json();
    expect(created).toMatchObject({
      email: 'casey.new@summitlift.example.com',
      isActive: true,
      isVerified: false,
      organizationId: 1,
      roles: { catalog: true, checkout: true, manageUsers: false },
    });
    expect(created.branches.map((b) => b.branchNumber)).toEqual([101, 102]);

    await deliverDueMail(t.db, createMailTransport(t.db, testConfig()));
    const [mail] = (await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: created.email } })).json();
    expect(mail.subject).toBe('You are invited to the Summit Lift Supply Dealer Portal');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/password/activate');
    expect(link.searchParams.get('email')).toBe(created.email);
    const code = link.searchParams.get('code')!;
    expect(mail.text).toContain('Dana Whitfield has invited you');

    const verified = await t.request({
      method: 'POST',
      url: '/api/secure-challenge/verify',
      payload: { email: created.email, challenge: code },
    });
    expect(verified.statusCode).toBe(200);
    const completed = await t.request({
      method: 'POST',
      url: '/api/secure-challenge/complete',
      payload: { email: created.email, challenge: verified.json().challenge, password: 'Welcome-2026!' },
    });
    expect(completed.statusCode).toBe(200);
    const token = await t.login(created.email, 'Welcome-2026!');
    const session = (await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).json();
    expect(session.user.branches.map((b: { branchNumber: number }) => b.branchNumber)).toEqual([101, 102]);
    expect(((await getUser(created.id, admin)).json() as ManagedUser).isVerified).toBe(true);
  });

  it('answers every validation message at once', async () => {
    const response = await invite(admin, { email: '', firstName: '', lastName: '', phone: '' });
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'The email address is required.' },
        { field: 'firstName', message: 'First Name is required.' },
        { field: 'lastName', message: 'Last Name is required.' },
        { field: 'phone', message: 'Phone is required.' },
      ]),
    );
  });

  it('refuses a taken email, storedPayments and users without manageUsers', async () => {
    const base = { firstName: 'A', lastName: 'B', phone: '1', branches: [{ branchNumber: 101 }] };
    const taken = await invite(admin, { ...base, email: 'viewer@summitlift.example.com' });
    expect(taken.statusCode).toBe(409);
    expect(messagesOf(taken)).toEqual([{ field: 'email', message: USER_MESSAGES.emailTaken }]);
    const stored = await invite(admin, { ...base, email: 'sp@summitlift.example.com', roles: { storedPayments: true } });
    expect(stored.statusCode).toBe(400);
    const notManager = await invite(buyer, { ...base, email: 'x@summitlift.example.com' });
    expect(notManager.statusCode).toBe(403);
    const noBranch = await invite(admin, { ...base, email: 'nb@summitlift.example.com', branches: [] });
    expect(messagesOf(noBranch)).toEqual([{ field: 'branches', message: USER_MESSAGES.branchRequired }]);
  });
});
