/**
 * Issue 31: a password code is single use. Verify spends the code (one token per code, even for
 * concurrent verifies), complete spends the token, neither moves the expiry, and a new code ends
 * the previous code and its token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@portal/domain/rules';
import { testConfig } from '../../config.js';
import { loginFailures } from '../auth/schema.js';
import { users } from '../users/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test-support/test-app.js';
import { createMailTransport } from '../mail/index.js';
import { deliverDueMail } from '../mail/worker.js';
import { passwordChallenges } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  // Four hashes at once, so the password calls' gate (half as wide) lets two verifies truly race.
  t = await createTestApp({ passwordHashConcurrency: 4 });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'A-new-Passw0rd!';
let addressCounter = 0;
/** Each test calls from its own address, so the address limits of one test do not reach another. */
const newAddress = () => ({ 'x-forwarded-for': `10.62.0.${++addressCounter}` });

function client() {
  const headers = newAddress();
  return {
    requestCode: (email: string) => t.request({ method: 'POST', url: '/api/secure-challenge', payload: { email }, headers }),
    verify: (email: string, challenge: string) =>
      t.request({ method: 'POST', url: '/api/secure-challenge/verify', payload: { email, challenge }, headers }),
    complete: (email: string, challenge: string, password = NEW_PASSWORD) =>
      t.request({ method: 'POST', url: '/api/secure-challenge/complete', payload: { email, challenge, password }, headers }),
    login: (email: string, password: string) =>
      t.request({ method: 'POST', url: '/api/users/session/login', payload: { email, password, deviceId: 'd' }, headers }),
  };
}

/** The newest code mailed to `email` (the outbox worker runs once, then the development mailbox is read). */
async function latestCode(email: string): Promise<string> {
  await deliverDueMail(t.db, createMailTransport(t.db, testConfig()));
  const response = await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: email } });
  const mails = response.json() as { text: string }[];
  const codes = mails.map((m) => /code is ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(m.text)?.[1]).filter(Boolean) as string[];
  // The mailbox lists the newest first.
  expect(codes.length).toBeGreaterThan(0);
  return codes[0]!;
}

/** Lets the 30 s resend lock of an email pass, as if the time had gone by. */
async function ageRequestLock(email: string) {
  await t.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} - interval '31 seconds'` })
    .where(eq(loginFailures.key, `challenge-request:${email}`));
}

async function challengesOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return t.db.select().from(passwordChallenges).where(eq(passwordChallenges.userId, user!.id)).orderBy(passwordChallenges.id);
}

const tokenRefused = { messages: [{ field: 'challenge', message: CHALLENGE_MESSAGES.tokenInvalid }] };

describe('a code gives one token', () => {
  it('refuses a second verify of the same code, and the first token still completes', async () => {
    const email = 'viewer@summitlift.example.com';
    const c = client();
    expect((await c.requestCode(email)).statusCode).toBe(200);
    const code = await latestCode(email);
    const first = await c.verify(email, code);
    expect(first.statusCode).toBe(200);

    const second = await c.verify(email, code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(tokenRefused);
    // Typed another way, it is still the same spent code.
    expect((await c.verify(email, code.toLowerCase().replace('-', ''))).statusCode).toBe(400);

    expect((await c.complete(email, first.json().challenge)).statusCode).toBe(200);
    expect((await c.login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('gives exactly one token to concurrent verifies of one code', async () => {
    const email = 'buyer@summitlift.example.com';
    const c = client();
    await c.requestCode(email);
    const code = await latestCode(email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => c.verify(email, code)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) expect(refused.json()).toEqual(tokenRefused);
    const [row] = await challengesOf(email);
    expect(row?.tokenHash).not.toBeNull();
  });
});

describe('a token works once', () => {
  it('completes once; the same token is refused after, and so is its code', async () => {
    const email = 'owner@valleygarage.example.com';
    const c = client();
    await c.requestCode(email);
    const code = await latestCode(email);
    const { challenge } = (await c.verify(email, code)).json();
    expect((await c.complete(email, challenge)).statusCode).toBe(200);
    const again = await c.complete(email, challenge, 'Another-Passw0rd!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(tokenRefused);
    expect((await c.verify(email, code)).statusCode).toBe(400);
    // The second complete did not set its password.
    expect((await c.login(email, 'Another-Passw0rd!')).statusCode).toBe(401);
    expect((await c.login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the expiry never moves', () => {
  it('keeps the code expiry when the code is verified, and the token ends with it', async () => {
    const email = 'manager@coastalauto.example.com';
    const c = client();
    await c.requestCode(email);
    const code = await latestCode(email);
    const [issued] = await challengesOf(email);
    // Bring the expiry close, as if 14 minutes had passed: a verify used to push it 15 minutes on.
    await t.db
      .update(passwordChallenges)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(passwordChallenges.id, issued!.id));
    const [before] = await challengesOf(email);

    const { challenge } = (await c.verify(email, code)).json();
    expect((await c.verify(email, code)).statusCode).toBe(400);
    expect((await c.verify(email, 'WRONGCDE')).statusCode).toBe(400);
    const [after] = await challengesOf(email);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());

    // When the code's time is up, so is its token's.
    await t.db
      .update(passwordChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordChallenges.id, issued!.id));
    const late = await c.complete(email, challenge);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(tokenRefused);
    expect((await c.login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a new code ends the previous one', () => {
  it('ends the previous code and the token it gave', async () => {
    const email = 'admin@summitlift.example.com';
    const c = client();
    await c.requestCode(email);
    const oldCode = await latestCode(email);
    const { challenge: oldToken } = (await c.verify(email, oldCode)).json();

    await ageRequestLock(email);
    expect((await c.requestCode(email)).statusCode).toBe(200);
    const rows = await challengesOf(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.usedAt).not.toBeNull();
    expect(rows[1]!.usedAt).toBeNull();

    const refused = await c.complete(email, oldToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(tokenRefused);
    expect((await c.login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('ends an unverified previous code too', async () => {
    const email = 'new.hire@summitlift.example.com';
    const c = client();
    await c.requestCode(email);
    await latestCode(email);
    const [first] = await challengesOf(email);
    await ageRequestLock(email);
    await c.requestCode(email);
    const rows = await challengesOf(email);
    expect(rows.find((r) => r.id === first!.id)?.usedAt).not.toBeNull();
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });
});
