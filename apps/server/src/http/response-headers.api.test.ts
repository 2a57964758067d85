/**
 * Issue 17, finding 6 (http/response-policy.ts, app.ts, checkout/service.ts): no effect on HEAD,
 * `no-store` on answers carrying tokens or customer data, the contract's body for a badly encoded
 * URL, the branch check before any other checkout refusal, framing headers that agree, and a
 * Permissions-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_ORDERS } from '../seed/featured.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { BRANCH, checkoutClient, L, USERS } from '../modules/checkout/checkout-test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => t.request({ method: 'GET', url: '/api/users/session/refresh', token });

describe('no state change on HEAD', () => {
  it('HEAD of the logout leaves the session valid; GET (the spec method) still logs out', async () => {
    const token = await t.login(USERS.admin);
    const head = await t.request({ method: 'HEAD', url: '/api/users/session/logout', token });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    expect((await refresh(token)).statusCode).toBe(200);

    const get = await t.request({ method: 'GET', url: '/api/users/session/logout', token });
    expect(get.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses HEAD on every authenticated GET route, and serves it on public ones', async () => {
    const token = await t.login(USERS.admin);
    for (const url of [
      '/api/users/session/refresh',
      '/api/users',
      `/api/orders/detail/${FEATURED_ORDERS.shippedUps}`,
      '/api/checkout/0000000000/complete',
    ]) {
      expect((await t.request({ method: 'HEAD', url, token })).statusCode, url).toBe(405);
    }
    expect((await t.request({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('Cache-Control', () => {
  it('is no-store on login, session, order and checkout answers, and on errors', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: USERS.admin, password: 'Demo-Portal-2026!', deviceId: 'd' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().id as string;

    const session = await refresh(token);
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.headers.etag).toBeUndefined();

    const open = await t.request({
      method: 'POST',
      url: '/api/orders/open',
      payload: { branchNumber: FEATURED_ORDERS.branchNumber },
      token,
    });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');

    const users = await t.request({ method: 'PUT', url: '/api/users', payload: {}, token });
    expect(users.headers['cache-control']).toBe('no-store');

    const record = await t.request({ method: 'GET', url: '/api/checkout/0000000000', token });
    expect(record.headers['cache-control']).toBe('no-store');

    const failed = await t.request({
      method: 'POST',
      url: '/api/users/session/login',
      payload: { email: USERS.admin, password: 'wrong', deviceId: 'd' },
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.headers['cache-control']).toBe('no-store');

    const missing = await t.request({ method: 'GET', url: '/api/no-such-route', token });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('keeps private, no-cache with an ETag on tagged GET answers (revalidated, never in a shared cache)', async () => {
    const token = await t.login(USERS.admin);
    const detail = await t.request({ method: 'GET', url: `/api/orders/detail/${FEATURED_ORDERS.shippedUps}`, token });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('private, no-cache');
    expect(detail.headers.etag).toBeTruthy();
  });
});

describe('a badly encoded URL', () => {
  it("answers 400 with the contract's error body", async () => {
    for (const url of ['/api/catalog/product/%E0%A4%A', '/api/orders/detail/%zz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ messages: [{ field: '', message: 'The address is not valid.' }] });
      expect(response.body).not.toContain('FST_ERR');
    }
  });
});

describe('checkout branch check', () => {
  it('answers 403 for a foreign branch before the 8001 (no payment method) and 8000 (prices) answers', async () => {
    const tokens = { manager: await t.login(USERS.manager), owner: await t.login(USERS.owner) };
    const c = checkoutClient(t, tokens);

    // Coastal Auto has no payment method (422 8001 on its own branch); a foreign branch is 403 first.
    const own = await c.call('manager', 'POST', '/api/checkout', await c.createBody('manager', [{ sku: L.smallParcel, quantity: 1 }]));
    expect(own.statusCode).toBe(422);
    const body = await c.createBody('manager', [{ sku: L.smallParcel, quantity: 1 }]);
    const foreign = await c.call('manager', 'POST', '/api/checkout', { ...body, branchNumber: BRANCH.admin });
    expect(foreign.statusCode, foreign.body).toBe(403);
    expect(foreign.json().messages[0].field).toBe('');

    // A wrong price and a foreign branch: 403, not 409.
    const owner = await c.createBody('owner', [{ sku: L.smallParcel, quantity: 1 }]);
    owner.items[0]!.price += 1;
    expect((await c.call('owner', 'POST', '/api/checkout', { ...owner, branchNumber: BRANCH.admin })).statusCode).toBe(403);
  });
});

describe('security headers', () => {
  it('X-Frame-Options agrees with CSP frame-ancestors, and Permissions-Policy is set', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      const policy = String(response.headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('payment=(self "https://js.stripe.com")');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });
});
