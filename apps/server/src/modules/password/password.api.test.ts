import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@portal/domain/rules';
import { testConfig } from '../../config.js';
import { loginFailures } from '../auth/schema.js';
import { passwordChallenges } from './schema.js';
import { users } from '../users/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test-support/test-app.js';
import { createMailTransport } from '../mail/index.js';
import { deliverDueMail } from '../mail/worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'A-new-Passw0rd!';
let addressCounter = 0;
/** Each test calls from its own address, so the per-address cap of one test does not reach another. */
const from = () => ({ 'x-forwarded-for': `10.60.0.${++addressCounter}` });

const requestCode = (email: string, headers = from()) =>
  t.request({ method: 'POST', url: '/api/secure-challenge', payload: { email }, headers });
const verify = (email: string, challenge: string) =>
  t.request({ method: 'POST', url: '/api/secure-challenge/verify', payload: { email, challenge } });
const complete = (email: string, challenge: string, password = NEW_PASSWORD) =>
  t.request({ method: 'POST', url: '/api/secure-challenge/complete', payload: { email, challenge, password } });
const loginAs = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/users/session/login', payload: { email, password, deviceId: 'd' } });

type Mail = { to: string; subject: string; text: string };
/** Runs the outbox worker once, then reads the development mailbox as a person would. */
async function mailboxOf(email: string): Promise<Mail[]> {
  await deliverDueMail(t.db, createMailTransport(t.db, testConfig()));
  const response = await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: email } });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const codeIn = (mail: Mail | undefined) => /code is ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail?.text ?? '')?.[1] ?? '';

/** Lets the 30 s resend lock of an email pass, as if the time had gone by. */
async function ageRequestLock(email: string) {
  await t.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} - interval '31 seconds'` })
    .where(eq(loginFailures.key, `challenge-request:${email}`));
}

describe('password reset', () => {
  const email = 'viewer@summitlift.example.com';

  it('mails a code, verifies it however it is typed, sets the password and ends the other sessions', async () => {
    const oldSession = await t.login(email);
    const requested = await requestCode(email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ ok: true });

    const [mail] = await mailboxOf(email);
    expect(mail?.subject).toBe('Your Dealer Portal password reset code');
    const code = codeIn(mail);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Case-insensitive; spaces, dashes and other non-alphanumerics are stripped before verifying.
    const typed = ` ${code.toLowerCase().replace('-', ' - ')}.`;
    const verified = await verify(email.toUpperCase(), typed);
    expect(verified.statusCode).toBe(200);
    const { challenge: token } = verified.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const completed = await complete(email, token);
    expect(completed.statusCode).toBe(200);

    expect((await t.request({ method: 'GET', url: '/api/users/session/refresh', token: oldSession })).statusCode).toBe(401);
    expect((await loginAs(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await loginAs(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('uses a token once', async () => {
    const email2 = 'buyer@summitlift.example.com';
    await requestCode(email2);
    const code = codeIn((await mailboxOf(email2))[0]);
    const { challenge } = (await verify(email2, code)).json();
    expect((await complete(email2, challenge)).statusCode).toBe(200);
    const again = await complete(email2, challenge, 'Another-Passw0rd!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ messages: [{ field: 'challenge', message: CHALLENGE_MESSAGES.tokenInvalid }] });
    // The code itself is spent too.
    expect((await verify(email2, code)).statusCode).toBe(400);
  });

  it('refuses a token with another email', async () => {
    const owner = 'owner@valleygarage.example.com';
    await requestCode(owner);
    const { challenge } = (await verify(owner, codeIn((await mailboxOf(owner))[0]))).json();
    const response = await complete('manager@coastalauto.example.com', challenge);
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0].field).toBe('challenge');
  });

  it('stores codes and tokens hashed', async () => {
    const email3 = 'manager@coastalauto.example.com';
    await requestCode(email3);
    const code = codeIn((await mailboxOf(email3))[0]).replace('-', '');
    const { challenge } = (await verify(email3, code)).json();
    const [user] = await t.db.select().from(users).where(eq(users.email, email3));
    const rows = await t.db.select().from(passwordChallenges).where(eq(passwordChallenges.userId, user!.id));
    for (const row of rows) {
      expect(row.codeHash).not.toContain(code);
      expect(row.tokenHash ?? '').not.toContain(challenge);
    }
    expect(rows.some((r) => r.tokenHash !== null)).toBe(true);
  });
});

describe('account activation', () => {
  const email = 'new.hire@summitlift.example.com';

  it('activates an unverified user, who can then sign in', async () => {
    // An invitee without a password is answered like an unknown email (issue 17 finding 6).
    expect((await loginAs(email, NEW_PASSWORD)).statusCode).toBe(401);
    await requestCode(email);
    const [mail] = await mailboxOf(email);
    expect(mail?.subject).toBe('Your Dealer Portal activation code');
    const { challenge } = (await verify(email, codeIn(mail))).json();
    expect((await complete(email, challenge)).statusCode).toBe(200);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.isVerified).toBe(true);
    expect((await loginAs(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('wrong, expired and over-attempted codes', () => {
  it('answers a wrong code on the challenge field', async () => {
    const email = 'admin@summitlift.example.com';
    await requestCode(email);
    const response = await verify(email, 'ZZZZ-ZZZZ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ messages: [{ field: 'challenge', message: CHALLENGE_MESSAGES.codeInvalid }] });
  });

  it('refuses an expired code', async () => {
    const email = 'owner@valleygarage.example.com';
    await ageRequestLock(email);
    await requestCode(email);
    const code = codeIn((await mailboxOf(email))[0]);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db
      .update(passwordChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordChallenges.userId, user!.id));
    const response = await verify(email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toEqual({ field: 'challenge', message: CHALLENGE_MESSAGES.codeInvalid });
  });

  it('answers 429 after five wrong attempts, even to the right code, until a new code is requested', async () => {
    const email = 'manager@coastalauto.example.com';
    await ageRequestLock(email);
    await requestCode(email);
    const code = codeIn((await mailboxOf(email))[0]);
    for (let i = 0; i < 5; i++) expect((await verify(email, `WRONG${i}`)).statusCode).toBe(400);
    const blocked = await verify(email, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ messages: [{ field: 'challenge', message: CHALLENGE_MESSAGES.tooManyAttempts }] });

    await ageRequestLock(email);
    await requestCode(email);
    const fresh = codeIn((await mailboxOf(email))[0]);
    expect(fresh).not.toBe('');
    // The old code was replaced by the new one.
    if (fresh !== code) expect((await verify(email, code)).statusCode).toBe(400);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('counts attempts for an unknown email the same way', async () => {
    const email = 'nobody-at-all@summitlift.example.com';
    for (let i = 0; i < 5; i++) {
      const response = await verify(email, `GUESS${i}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages[0].message).toBe(CHALLENGE_MESSAGES.codeInvalid);
    }
    expect((await verify(email, 'GUESS9')).statusCode).toBe(429);
  });
});

describe('enumeration safety', () => {
  it('answers an unknown, an inactive and a real email identically, mailing only the real one', async () => {
    const unknown = await requestCode('no-such-user@summitlift.example.com');
    const inactive = await requestCode('inactive@summitlift.example.com');
    await ageRequestLock('viewer@summitlift.example.com');
    const real = await requestCode('viewer@summitlift.example.com');
    for (const response of [unknown, inactive, real]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(real.body);
    }
    expect(await mailboxOf('no-such-user@summitlift.example.com')).toHaveLength(0);
    expect(await mailboxOf('inactive@summitlift.example.com')).toHaveLength(0);
  });

  it('applies the resend lock to unknown emails too', async () => {
    const email = 'ghost@example.com';
    expect((await requestCode(email)).statusCode).toBe(200);
    expect((await requestCode(email)).statusCode).toBe(429);
  });
});

describe('resend lock of 30 seconds', () => {
  it('answers 429 within 30 s of a code, and sends again after', async () => {
    const real = 'buyer@summitlift.example.com';
    await ageRequestLock(real);
    const before = (await mailboxOf(real)).length;
    expect((await requestCode(real)).statusCode).toBe(200);
    const blocked = await requestCode(real);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ messages: [{ field: 'email', message: CHALLENGE_MESSAGES.resendTooSoon }] });
    expect(await mailboxOf(real)).toHaveLength(before + 1);

    // Refused requests do not extend the lock: once 30 s have passed, the next one goes through.
    await ageRequestLock(real);
    expect((await requestCode(real)).statusCode).toBe(200);
    expect(await mailboxOf(real)).toHaveLength(before + 2);
    // The lock is per email: another address is not held up.
    expect((await requestCode('someone-else@summitlift.example.com')).statusCode).toBe(200);
  });

  it('caps the requests of one address', async () => {
    const address = { 'x-forwarded-for': '10.61.0.1' };
    for (let i = 0; i < 20; i++) expect((await requestCode(`cap${i}@example.com`, address)).statusCode).toBe(200);
    const capped = await requestCode('cap-last@example.com', address);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().messages[0].message).toBe(CHALLENGE_MESSAGES.tooManyRequests);
    expect((await requestCode('cap-last@example.com', { 'x-forwarded-for': '10.61.0.2' })).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('uses the spec messages', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/secure-challenge', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().messages).toEqual([{ field: 'email', message: 'The email address is invalid.' }]);
    const invalid = await t.request({ method: 'POST', url: '/api/secure-challenge', payload: { email: 'not-an-email' } });
    expect(invalid.json().messages).toEqual([{ field: 'email', message: 'The email address is invalid.' }]);

    const noCode = await verify('viewer@summitlift.example.com', ' - - ');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().messages).toEqual([{ field: 'challenge', message: 'The code is required.' }]);

    const noPassword = await complete('viewer@summitlift.example.com', 'x'.repeat(43), '');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().messages).toEqual([{ field: 'password', message: 'The new password is required.' }]);
  });

  it('keeps throttle rows under their own keys', async () => {
    const rows = await t.db.select().from(loginFailures).where(like(loginFailures.key, 'challenge-%'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
