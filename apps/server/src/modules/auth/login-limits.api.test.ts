/**
 * Issue 17 finding 5 (and the login part of 6): login limits that cannot be beaten by concurrency or
 * by a forged `X-Forwarded-For`, that a stranger cannot use to lock a real user out, and a login answer
 * that does not tell a pending invitee from an unknown email.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test-support/test-app.js';
import { loginLimits } from './schema.js';
import { pruneLoginLimits } from './repository.js';
import { EMAIL_LIMIT_FACTOR, KNOWN_ADDRESS_DAYS, LOGIN_MESSAGES } from './service.js';

// Each test here runs dozens of real password hashes (32 MiB each, on purpose: the limits exist
// because the hash is slow), so on a busy two-core machine a test can outlast the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

const LIMIT = 5;

function loginFrom(t: TestApp, remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/users/session/login',
    payload: { email, password, deviceId: 'limits' },
    remoteAddress,
    headers,
  });
}

function withApp(overrides: Partial<Config>) {
  const holder = {} as { t: TestApp };
  beforeAll(async () => {
    holder.t = await createTestApp({ loginMaxFailures: LIMIT, ...overrides });
  });
  afterAll(() => holder.t.close());
  return holder;
}

describe('login failures are counted atomically with the check', () => {
  // A hashing queue long enough for every attempt, so only the counters refuse here (the bounded
  // pool's own refusals are hashing-limits.api.test.ts's).
  const app = withApp({ passwordHashQueue: 64 });

  it('lets at most the limit of 20 concurrent wrong passwords reach the password check', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom(app.t, '198.51.100.7', 'buyer@summitlift.example.com', `wrong-${i}`)),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMIT);
    for (const r of attempts.filter((a) => a.statusCode === 429)) {
      expect(r.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.tooMany }] });
    }
    // Still limited for the right password from that address.
    expect((await loginFrom(app.t, '198.51.100.7', 'buyer@summitlift.example.com', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('holds the address limit across emails under concurrency', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(app.t, '198.51.100.8', `guess${i}@example.com`, 'wrong')),
    );
    expect(attempts.filter((r) => r.statusCode === 401)).toHaveLength(LIMIT * 4);
    expect(attempts.filter((r) => r.statusCode === 429)).toHaveLength(40 - LIMIT * 4);
  });

  it('gives a successful login its claim back', async () => {
    const email = 'viewer@summitlift.example.com';
    for (let i = 0; i < LIMIT - 1; i++) expect((await loginFrom(app.t, '198.51.100.9', email, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom(app.t, '198.51.100.9', email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT - 1; i++) expect((await loginFrom(app.t, '198.51.100.9', email, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom(app.t, '198.51.100.9', email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a stranger cannot lock a real user out', () => {
  const app = withApp({});

  it("keeps the real user's login from their address working after a stranger's failures", async () => {
    const email = 'admin@summitlift.example.com';
    for (let i = 0; i < LIMIT; i++) expect((await loginFrom(app.t, '203.0.113.50', email, `guess-${i}`)).statusCode).toBe(401);
    expect((await loginFrom(app.t, '203.0.113.50', email, 'one-more')).statusCode).toBe(429);
    expect((await loginFrom(app.t, '203.0.113.50', email, DEMO_PASSWORD)).statusCode).toBe(429);
    const real = await loginFrom(app.t, '192.0.2.10', email, DEMO_PASSWORD);
    expect(real.statusCode).toBe(200);
    expect(real.json().user.email).toBe(email);
  });

  it("does not count a stranger's failures from many addresses against the real user's address", async () => {
    const email = 'owner@valleygarage.example.com';
    for (let a = 1; a <= 4; a++) {
      for (let i = 0; i < LIMIT; i++) await loginFrom(app.t, `203.0.113.${100 + a}`, email, `guess-${i}`);
    }
    expect((await loginFrom(app.t, '192.0.2.11', email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the client address with TRUST_PROXY unset (the default)', () => {
  const app = withApp({ trustProxy: [] });

  it('ignores a forged X-Forwarded-For: every attempt counts against the socket address', async () => {
    const email = 'buyer@summitlift.example.com';
    for (let i = 0; i < LIMIT; i++) {
      const r = await loginFrom(app.t, '203.0.113.5', email, 'wrong', { 'x-forwarded-for': `10.20.0.${i}` });
      expect(r.statusCode).toBe(401);
    }
    const forged = await loginFrom(app.t, '203.0.113.5', email, DEMO_PASSWORD, { 'x-forwarded-for': '10.20.0.200' });
    expect(forged.statusCode).toBe(429);
    // Claiming the real user's address through the header does not take over their count either.
    expect((await loginFrom(app.t, '192.0.2.20', email, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(200);
  });
});

describe('the client address with TRUST_PROXY set', () => {
  const app = withApp({ trustProxy: ['10.0.0.0/8'] });

  it('takes the address from X-Forwarded-For when a listed proxy forwards the request', async () => {
    const email = 'viewer@summitlift.example.com';
    for (let i = 0; i < LIMIT; i++) {
      const r = await loginFrom(app.t, '10.1.2.3', email, 'wrong', { 'x-forwarded-for': '198.51.100.30' });
      expect(r.statusCode).toBe(401);
    }
    expect((await loginFrom(app.t, '10.1.2.3', email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.30' })).statusCode).toBe(429);
    // Another client behind the same proxy is another address.
    expect((await loginFrom(app.t, '10.1.2.3', email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.31' })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address not in the list', async () => {
    const email = 'manager@coastalauto.example.com';
    for (let i = 0; i < LIMIT; i++) {
      const r = await loginFrom(app.t, '203.0.113.77', email, 'wrong', { 'x-forwarded-for': `198.51.100.${40 + i}` });
      expect(r.statusCode).toBe(401);
    }
    const forged = await loginFrom(app.t, '203.0.113.77', email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
    expect(forged.statusCode).toBe(429);
  });
});

describe('a pending invitee cannot be told apart from an unknown email', () => {
  const app = withApp({ loginMaxFailures: 50 });
  const invitee = 'new.hire@summitlift.example.com';
  const unknown = 'no.such.user@summitlift.example.com';

  const timed = async (email: string, i: number) => {
    const started = performance.now();
    const response = await loginFrom(app.t, `192.0.2.${100 + i}`, email, DEMO_PASSWORD);
    return { response, ms: performance.now() - started };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('answers both with the same status, headers that matter and body', async () => {
    const a = (await timed(invitee, 0)).response;
    const b = (await timed(unknown, 1)).response;
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ messages: [{ field: 'password', message: LOGIN_MESSAGES.wrongCredentials }] });
    expect(a.headers['content-length']).toBe(b.headers['content-length']);
  });

  it('spends the slow password check on both, so their timing matches', async () => {
    const invitees: number[] = [];
    const unknowns: number[] = [];
    // Interleaved, after a warm-up, so that neither side gets the warm caches.
    await timed(unknown, 10);
    await timed(invitee, 11);
    for (let i = 0; i < 7; i++) {
      invitees.push((await timed(invitee, 20 + i)).ms);
      unknowns.push((await timed(unknown, 40 + i)).ms);
    }
    const ratio = median(invitees) / median(unknowns);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});

describe('a brute force from many addresses against one account', () => {
  // Pair limit 2, so the email-wide limit is 2 x EMAIL_LIMIT_FACTOR = 20 failures in the window.
  const app = withApp({ loginMaxFailures: 2 });
  const email = 'viewer@summitlift.example.com';

  it('is stopped after the email-wide limit, while the real user still signs in from an address used before', async () => {
    // The real user has signed in from their office before the attack.
    expect((await loginFrom(app.t, '192.0.2.20', email, DEMO_PASSWORD)).statusCode).toBe(200);
    const emailLimit = 2 * EMAIL_LIMIT_FACTOR;
    // Each attacking address stays within its own pair limit (2 guesses).
    for (let i = 0; i < emailLimit; i++) {
      expect((await loginFrom(app.t, `198.51.100.${1 + Math.floor(i / 2)}`, email, `guess-${i}`)).statusCode).toBe(401);
    }
    // The next guess, from a fresh address, is refused before the password is checked, even when right.
    const fresh = await loginFrom(app.t, '198.51.100.200', email, DEMO_PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().messages[0].message).toBe(LOGIN_MESSAGES.tooMany);
    // The real user's known address still gets in; a wrong password there still counts as before.
    expect((await loginFrom(app.t, '192.0.2.20', email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom(app.t, '192.0.2.20', email, 'typo')).statusCode).toBe(401);
  });
});

describe('old login_limits rows', () => {
  const app = withApp({ loginFailureWindowMinutes: 15 });

  it('are deleted when their window has passed, known addresses after KNOWN_ADDRESS_DAYS; current ones stay', async () => {
    const db = app.t.db;
    const old = new Date(Date.now() - 60 * 60_000);
    const recent = new Date(Date.now() - 60_000);
    await db.insert(loginLimits).values([
      { key: 'address:203.0.113.240', email: null, attempts: 9, windowStartedAt: old },
      { key: 'pair:203.0.113.240 x@example.com', email: 'x@example.com', attempts: 3, windowStartedAt: old },
      { key: 'email:x@example.com', email: 'x@example.com', attempts: 3, windowStartedAt: old },
      { key: 'address:203.0.113.241', email: null, attempts: 2, windowStartedAt: recent },
      { key: 'known:203.0.113.242 y@example.com', email: 'y@example.com', attempts: 0, windowStartedAt: old },
      {
        key: 'known:203.0.113.243 y@example.com',
        email: 'y@example.com',
        attempts: 0,
        windowStartedAt: new Date(Date.now() - (KNOWN_ADDRESS_DAYS + 1) * 86_400_000),
      },
    ]);
    // A first attempt from a new address runs the cleanup.
    expect((await loginFrom(app.t, '203.0.113.250', 'nobody@example.com', 'wrong')).statusCode).toBe(401);
    const keys = (await db.select({ key: loginLimits.key }).from(loginLimits)).map((row) => row.key).sort();
    expect(keys).toContain('address:203.0.113.241');
    expect(keys).toContain('known:203.0.113.242 y@example.com');
    expect(keys).toContain('address:203.0.113.250');
    expect(keys).not.toContain('address:203.0.113.240');
    expect(keys).not.toContain('pair:203.0.113.240 x@example.com');
    expect(keys).not.toContain('email:x@example.com');
    expect(keys).not.toContain('known:203.0.113.243 y@example.com');
    // Called directly, nothing current goes.
    expect(await pruneLoginLimits(db, 15, KNOWN_ADDRESS_DAYS)).toBe(0);
  });
});
