/**
 * Users a test invites itself, through the API as an administrator would, and the mail they get.
 * Tests that change a user or ask for codes work on these, never on the demo users: a retried test
 * then starts from a fresh user instead of tripping over the first attempt's resend lock.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, USERS } from './fixtures';

export type Mail = { subject: string; text: string };

/** An address no other test or attempt uses, in Summit Lift Supply's domain. */
export const uniqueEmail = (name: string) => `e2e.${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@summitlift.example.com`;

/** The XSRF cookie the web client echoes in a header on every non-GET. */
async function xsrfOf(request: APIRequestContext): Promise<string> {
  await request.get('/api/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF cookie');
  return cookie.value;
}

/** A non-GET call as the web client makes it: XSRF header, and the bearer token when given. */
export async function send(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: object, token?: string) {
  return request.fetch(url, {
    method,
    data,
    headers: { 'x-xsrf-token': await xsrfOf(request), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** What an invitation may set beyond the defaults (a catalog user without options). */
export type InvitedOptions = { roles?: Record<string, boolean>; restrictedPricing?: boolean };

/** Invites a user of Summit Lift Supply at branch 101 (a catalog user unless told), signed in as its administrator. */
export async function inviteUser(request: APIRequestContext, email: string, options: InvitedOptions = {}) {
  const admin = await send(request, 'POST', '/api/users/session/login', {
    email: USERS.admin,
    password: DEMO_PASSWORD,
    deviceId: 'e2e-invite',
  });
  expect(admin.status()).toBe(200);
  const invited = await send(
    request,
    'PUT',
    '/api/users',
    {
      email,
      firstName: 'Pat',
      lastName: 'Tester',
      phone: '3035550123',
      branches: [{ branchNumber: 101 }],
      roles: options.roles ?? { catalog: true },
      ...(options.restrictedPricing ? { restrictedPricing: true } : {}),
    },
    (await admin.json()).id,
  );
  expect(invited.status()).toBe(200);
}

/** The newest of at least `count` mails to `to` whose subject contains `subject`, once the outbox worker has delivered them. */
export async function mailTo(request: APIRequestContext, to: string, subject: string, count = 1): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to } });
        found = ((await response.json()) as Mail[]).filter((m) => m.subject.includes(subject));
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[0]!;
}

/** The activation or reset link a mail carries. */
export const linkIn = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);

/** Invites a user and activates it with `password` through its invitation code, all through the API. */
export async function activeUser(
  request: APIRequestContext,
  name: string,
  password: string,
  options: InvitedOptions = {},
): Promise<string> {
  const email = uniqueEmail(name);
  await inviteUser(request, email, options);
  const code = linkIn(await mailTo(request, email, 'invited')).searchParams.get('code')!;
  const verified = await send(request, 'POST', '/api/secure-challenge/verify', { email, challenge: code });
  expect(verified.status()).toBe(200);
  const completed = await send(request, 'POST', '/api/secure-challenge/complete', {
    email,
    password,
    challenge: (await verified.json()).challenge,
  });
  expect(completed.status()).toBe(200);
  return email;
}
