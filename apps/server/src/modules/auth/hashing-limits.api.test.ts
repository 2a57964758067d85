/**
 * Issue 31: every call that runs the slow password hash (login, code verify, complete, account
 * activation, invitation acceptance) is limited per client address across emails, and refused with
 * 429 before the hash runs; a full hashing pool answers 429 too (decision 015).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@portal/domain/rules';
import type { Config } from '../../config.js';
import { devMailbox } from '../mail/schema.js';
import { createDevMailboxTransport } from '../mail/transport.js';
import { deliverDueMail } from '../mail/worker.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test-support/test-app.js';
import { HASHING_BUSY_MESSAGE, passwordHashingStats } from './password-hash.js';

// Each test here runs dozens of real password hashes (32 MiB each, on purpose: the limits exist
// because the hash is slow), so on a busy two-core machine a test can outlast the default 30 s.
vi.setConfig({ testTimeout: 120_000 });
import { LOGIN_MESSAGES } from './service.js';

/** LOGIN_MAX_FAILURES in these tests: an address may fail 4 times as often, across emails. */
const LIMIT = 2;
const ADDRESS_LIMIT = LIMIT * 4;
/** More calls than the address limit, each with an email of its own. */
const CALLS = ADDRESS_LIMIT + 6;
const TOKEN = 'x'.repeat(43);

function withApp(overrides: Partial<Config> = {}) {
  const holder = {} as { t: TestApp };
  beforeAll(async () => {
    holder.t = await createTestApp({ loginMaxFailures: LIMIT, ...overrides });
  });
  afterAll(() => holder.t.close());
  return holder;
}

const post = (t: TestApp, address: string, url: string, payload: object) =>
  t.request({ method: 'POST', url, payload, headers: { 'x-forwarded-for': address } });
const login = (t: TestApp, address: string, email: string, password: string) =>
  post(t, address, '/api/users/session/login', { email, password, deviceId: 'limits' });
const verify = (t: TestApp, address: string, email: string, challenge: string) =>
  post(t, address, '/api/secure-challenge/verify', { email, challenge });
const complete = (t: TestApp, address: string, email: string, challenge: string) =>
  post(t, address, '/api/secure-challenge/complete', { email, challenge, password: 'A-new-Passw0rd!' });

type Answer = { statusCode: number; json(): unknown };

/** Hashes started in this process so far, in both pools. */
const hashesStarted = () => passwordHashingStats('login').started + passwordHashingStats('codes').started;

/**
 * Sends `count` calls one after another (call i with its own email) and checks that the first
 * `allowed` are answered `allowedStatus`, and every later one 429 with `refusal` and without
 * starting a hash.
 */
async function expectAddressLimit(
  count: number,
  call: (i: number) => Promise<Answer>,
  allowed: number,
  allowedStatus: number,
  refusal: { field: string; message: string },
) {
  for (let i = 0; i < allowed; i++) expect((await call(i)).statusCode).toBe(allowedStatus);
  const hashesBefore = hashesStarted();
  for (let i = allowed; i < count; i++) {
    const refused = await call(i);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ messages: [refusal] });
  }
  expect(hashesStarted()).toBe(hashesBefore);
}

/** Invites `count` users as the administrator of Summit Lift; answers their emails and invitation codes. */
async function invite(t: TestApp, prefix: string, count: number): Promise<{ email: string; code: string }[]> {
  const admin = await t.login('admin@summitlift.example.com');
  const invited: { email: string; code: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@summitlift.example.com`;
    const response = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: admin,
      payload: {
        email,
        firstName: 'Pat',
        lastName: `Pending${i}`,
        phone: '3035550111',
        branches: [{ branchNumber: 101 }],
        roles: { catalog: true },
      },
    });
    expect(response.statusCode).toBe(200);
    invited.push({ email, code: '' });
  }
  await deliverDueMail(t.db, createDevMailboxTransport(t.db));
  for (const entry of invited) {
    const [mail] = await t.db.select().from(devMailbox).where(eq(devMailbox.toAddress, entry.email));
    entry.code = /code=([A-Z2-9]+)/.exec(mail!.textBody)![1]!;
  }
  return invited;
}

describe('login', () => {
  const app = withApp();

  it('answers 429 from one address across fresh emails, before the hash', async () => {
    await expectAddressLimit(CALLS, (i) => login(app.t, '198.51.100.1', `nobody${i}@example.com`, 'wrong-password'), ADDRESS_LIMIT, 401, {
      field: 'password',
      message: LOGIN_MESSAGES.tooMany,
    });
    // Another address is not held up.
    expect((await login(app.t, '198.51.100.2', 'buyer@summitlift.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password code verify', () => {
  const app = withApp();

  it('answers 429 from one address across fresh emails, before the hash', async () => {
    await expectAddressLimit(CALLS, (i) => verify(app.t, '198.51.100.11', `nobody${i}@example.com`, 'ABCD-EFGH'), ADDRESS_LIMIT, 400, {
      field: 'challenge',
      message: CHALLENGE_MESSAGES.tooManyFromAddress,
    });
  });

  it('shares the address budget with login: failed codes leave no logins', async () => {
    const address = '198.51.100.12';
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect((await verify(app.t, address, `guess${i}@example.com`, 'ABCD-EFGH')).statusCode).toBe(400);
    expect((await login(app.t, address, 'someone@example.com', 'wrong-password')).statusCode).toBe(429);
  });
});

describe('password code complete', () => {
  const app = withApp();

  it('answers 429 from one address across fresh emails; a bogus token never runs the hash', async () => {
    const hashesBefore = hashesStarted();
    await expectAddressLimit(CALLS, (i) => complete(app.t, '198.51.100.21', `nobody${i}@example.com`, TOKEN), ADDRESS_LIMIT, 400, {
      field: 'password',
      message: CHALLENGE_MESSAGES.tooManyFromAddress,
    });
    // Wrong tokens for real accounts are refused before the hash as well.
    expect((await complete(app.t, '198.51.100.22', 'buyer@summitlift.example.com', TOKEN)).statusCode).toBe(400);
    expect(hashesStarted()).toBe(hashesBefore);
  });
});

describe('account activation', () => {
  const app = withApp();

  it('answers 429 to code guesses for pending accounts from one address, before the hash', async () => {
    const pending = await invite(app.t, 'activate', CALLS);
    await expectAddressLimit(CALLS, (i) => verify(app.t, '198.51.100.31', pending[i]!.email, 'ABCD-EFGH'), ADDRESS_LIMIT, 400, {
      field: 'challenge',
      message: CHALLENGE_MESSAGES.tooManyFromAddress,
    });
    // The refusal comes before the code is looked at: even the right one is refused from there...
    expect((await verify(app.t, '198.51.100.31', pending[0]!.email, pending[0]!.code)).statusCode).toBe(429);
    // ...and the invitee activates from their own address.
    const { challenge } = (await verify(app.t, '198.51.100.32', pending[0]!.email, pending[0]!.code)).json() as { challenge: string };
    expect((await complete(app.t, '198.51.100.32', pending[0]!.email, challenge)).statusCode).toBe(200);
  });
});

describe('invitation acceptance', () => {
  const app = withApp();

  it('answers 429 to bogus tokens for invitees from one address, before the hash', async () => {
    const pending = await invite(app.t, 'accept', CALLS);
    await expectAddressLimit(CALLS, (i) => complete(app.t, '198.51.100.41', pending[i]!.email, TOKEN), ADDRESS_LIMIT, 400, {
      field: 'password',
      message: CHALLENGE_MESSAGES.tooManyFromAddress,
    });
  });

  it('gives a successful acceptance its claims back: an office accepting many invitations is not limited', async () => {
    const pending = await invite(app.t, 'office', 3);
    const address = '198.51.100.42';
    // One failure short of the limit...
    for (let i = 0; i < ADDRESS_LIMIT - 1; i++)
      expect((await complete(app.t, address, `typo${i}@example.com`, TOKEN)).statusCode).toBe(400);
    // ...then invitees accept from the same address, each verifying and completing.
    for (const { email, code } of pending) {
      const verified = await verify(app.t, address, email, code);
      expect(verified.statusCode).toBe(200);
      expect((await complete(app.t, address, email, (verified.json() as { challenge: string }).challenge)).statusCode).toBe(200);
    }
    expect((await complete(app.t, address, 'one-more@example.com', TOKEN)).statusCode).toBe(400);
    expect((await complete(app.t, address, 'and-another@example.com', TOKEN)).statusCode).toBe(429);
  });
});

describe('the hashing pools', () => {
  // Sign-in: one hash at a time and none waiting; the code calls likewise (half of one is one).
  const app = withApp({ passwordHashConcurrency: 1, passwordHashQueue: 0 });

  it('refuses with 429 in the contract body when full, and serves again once free', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login(app.t, `198.51.100.${60 + i}`, 'buyer@summitlift.example.com', `wrong-${i}`)),
    );
    const busy = answers.filter((r) => r.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect(r.json()).toEqual({ messages: [{ field: '', message: HASHING_BUSY_MESSAGE }] });
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThan(0);
    expect(passwordHashingStats('login').running).toBe(0);
    expect((await login(app.t, '198.51.100.70', 'buyer@summitlift.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps sign-in its own pool while code calls from many addresses fill theirs', async () => {
    const loginRefusedBefore = passwordHashingStats('login').refused;
    const flood = Array.from({ length: 8 }, (_, i) => verify(app.t, `198.51.101.${i}`, `flood${i}@example.com`, 'ABCD-EFGH'));
    const signIn = login(app.t, '198.51.100.80', 'buyer@summitlift.example.com', DEMO_PASSWORD);
    expect((await signIn).statusCode).toBe(200);
    const answers = await Promise.all(flood);
    // Refused by the password calls' gate (modules/password/call-gate.ts) or by the codes' pool.
    expect(answers.some((r) => r.statusCode === 429)).toBe(true);
    expect(passwordHashingStats('login').refused).toBe(loginRefusedBefore);
  });
});
