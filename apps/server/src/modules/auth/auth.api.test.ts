import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from './schema.js';
import { users } from '../users/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test-support/test-app.js';
import { hashToken } from './session-token.js';
import { LOGIN_MESSAGES } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 3 });
});
afterAll(() => t.close());

const loginAs = (email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/users/session/login', payload: { email, password, deviceId: 'dev-1' }, headers });

describe('POST /api/users/session/login', () => {
  it.each([
    ['admin@summitlift.example.com', 3, true],
    ['buyer@summitlift.example.com', 1, false],
    ['viewer@summitlift.example.com', 2, false],
    ['owner@valleygarage.example.com', 1, true],
    ['manager@coastalauto.example.com', 1, true],
  ])('signs in %s with their branches and roles', async (email, branchCount, manageUsers) => {
    const response = await loginAs(email);
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.deviceId).toBe('dev-1');
    expect(session.user.email).toBe(email);
    expect(session.user.branches).toHaveLength(branchCount);
    expect(session.user.roles.manageUsers).toBe(manageUsers);
    expect(session.user.roles.catalog).toBe(true);
  });

  it('answers the session of the admin with organization settings', async () => {
    const session = (await loginAs('ADMIN@summitlift.example.com')).json();
    expect(session.user).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', phone: '3035550142', allowCashSales: true });
    expect(session.user.subscriptions).toEqual({ confirmation: 'company', shipping: 'company', invoice: 'company' });
    expect(session.organization).toMatchObject({
      id: 1,
      name: 'Summit Lift Supply',
      allowBadgeScan: true,
      allowTerminals: true,
      isTaxable: true,
      fees: { forklift: 175, liftgate: 95, residential: 85, notice: 25 },
    });
    expect(session.organization.terminals.map((x: { name: string }) => x.name)).toEqual(['Front Counter', 'Show Floor']);
    expect(session.organization.takenBys.map((x: { name: string }) => x.name)).toEqual(['Alex Moreno', 'Casey Lin', 'Jordan Price']);
    expect(session.user.catalogs.map((c: { id: string }) => c.id)).toEqual(['lifts', 'show']);
  });

  it('never stores the token itself', async () => {
    const { id } = (await loginAs('buyer@summitlift.example.com')).json();
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, id));
    expect(rows).toHaveLength(0);
    const hashed = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(id)));
    expect(hashed).toHaveLength(1);
  });

  it('refuses a wrong password on the password field', async () => {
    const response = await loginAs('viewer@summitlift.example.com', 'wrong-password', { 'x-forwarded-for': '10.9.0.1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.wrongCredentials }] });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await loginAs('nobody@summitlift.example.com', DEMO_PASSWORD, { 'x-forwarded-for': '10.9.0.2' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.wrongCredentials }] });
  });

  it('refuses an inactive user', async () => {
    const response = await loginAs('inactive@summitlift.example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.inactive }] });
  });

  it('answers an invitee who has no password yet exactly like an unknown email', async () => {
    // Was 403 "not activated yet", which told a pending invitee apart from an unknown email (issue 17 finding 6).
    const response = await loginAs('new.hire@summitlift.example.com');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.wrongCredentials }] });
  });

  it('answers 400 with one message per bad field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: 'not-an-email', password: '', deviceId: 'd' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .messages.map((m: { field: string }) => m.field)
      .sort();
    expect(fields).toEqual(['email', 'password']);
  });

  it('answers 400 for a wrong type and for malformed JSON, without internals', async () => {
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: 42, password: [], deviceId: 'd' },
    });
    expect(wrongType.statusCode).toBe(400);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ messages: [{ field: '', message: 'The request body is not valid JSON.' }] });
  });

  it('answers 429 after repeated failures for one email from one address, even with the right password', async () => {
    // Was: failures from any addresses blocked the email everywhere (issue 17 finding 5); now per address and email.
    const email = 'owner@valleygarage.example.com';
    const address = { 'x-forwarded-for': '10.1.0.1' };
    for (let i = 0; i < 3; i++) {
      const failure = await loginAs(email, `wrong-${i}`, address);
      expect(failure.statusCode).toBe(401);
    }
    const blocked = await loginAs(email, DEMO_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().messages[0]).toEqual({ field: 'password', message: LOGIN_MESSAGES.tooMany });
    expect((await loginAs(email, DEMO_PASSWORD, { 'x-forwarded-for': '10.1.0.99' })).statusCode).toBe(200);
  });

  it('answers 429 after repeated failures from one address across emails', async () => {
    const address = { 'x-forwarded-for': '10.2.0.1' };
    for (let i = 0; i < 12; i++) await loginAs(`guess${i}@example.com`, 'x', address);
    const blocked = await loginAs('manager@coastalauto.example.com', DEMO_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await loginAs('manager@coastalauto.example.com', DEMO_PASSWORD, { 'x-forwarded-for': '10.2.0.2' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('session refresh and logout', () => {
  it('refreshes the session of a bearer token', async () => {
    const token = await t.login('buyer@summitlift.example.com');
    const response = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: token, user: { email: 'buyer@summitlift.example.com' } });
  });

  it("answers the organization's fees as they are at the refresh", async () => {
    const token = await t.login('buyer@summitlift.example.com');
    const summit = sql`id = (select organization_id from users where email = 'buyer@summitlift.example.com')`;
    await t.db.execute(sql`update organizations set fee_liftgate_cents = 12345 where ${summit}`);
    try {
      const response = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
      expect(response.json().organization.fees).toEqual({ forklift: 175, liftgate: 123.45, residential: 85, notice: 25 });
    } finally {
      await t.db.execute(sql`update organizations set fee_liftgate_cents = 9500 where ${summit}`);
    }
  });

  it('kills the token at logout', async () => {
    const token = await t.login('buyer@summitlift.example.com');
    const logout = await t.request({ method: 'GET', url: '/api/users/session/logout', token });
    expect(logout.statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 without a bearer token, and for an unknown one', async () => {
    const none = await t.request({ method: 'GET', url: '/api/users/session/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json().messages).toHaveLength(1);
    const unknown = await t.request({ method: 'GET', url: '/api/users/session/refresh', token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
  });

  it('ends a session idle longer than the idle limit', async () => {
    const token = await t.login('viewer@summitlift.example.com');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const response = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
    expect(response.statusCode).toBe(401);
  });

  it('moves the idle clock of a session in use, at most once a minute', async () => {
    const token = await t.login('viewer@summitlift.example.com');
    const lastSeen = async () =>
      (
        await t.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.at.getTime();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const before = await lastSeen();
    expect((await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).statusCode).toBe(200);
    const moved = await lastSeen();
    expect(moved - before).toBeGreaterThan(4 * 60_000);
    // A second request within the minute reads the session without writing it.
    expect((await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(moved);
  });

  it('ends a session past its absolute expiry', async () => {
    const token = await t.login('viewer@summitlift.example.com');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const response = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
    expect(response.statusCode).toBe(401);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const token = await t.login('viewer@summitlift.example.com');
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, 'viewer@summitlift.example.com'));
    const response = await t.request({ method: 'GET', url: '/api/users/session/refresh', token });
    expect(response.statusCode).toBe(401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.email, 'viewer@summitlift.example.com'));
  });
});

describe('XSRF double submit', () => {
  it('answers 403 to a non-GET call without the header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: 'admin@summitlift.example.com', password: DEMO_PASSWORD, deviceId: 'd' },
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().messages).toHaveLength(1);
  });

  it('answers 403 when header and cookie differ', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: 'admin@summitlift.example.com', password: DEMO_PASSWORD, deviceId: 'd' },
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('hands out a readable SameSite=Strict cookie to a client without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.httpOnly).toBeFalsy();
  });
});
