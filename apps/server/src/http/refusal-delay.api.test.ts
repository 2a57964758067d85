/**
 * Issue 31: a refusal (429) of login and the password page's calls is answered only after the
 * refusal delay, so a client refused for flooding is slowed to one call per delay; other routes'
 * refusals and every other answer go out at once, and at most `maxHeld` refusals wait.
 */
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { registerRefusalDelay } from './refusal-delay.js';

const DELAY_MS = 1_500;

/** Whether a promise has settled by now (after the pending callbacks have run). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the refusal delay hook (only setTimeout is faked)', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerRefusalDelay(app, { delayMs: DELAY_MS, maxHeld: 1 });
    app.get('/slow-refused', { config: { slowRefusals: true } }, (_request, reply) => reply.code(429).send({ refused: true }));
    app.get('/slow-allowed', { config: { slowRefusals: true } }, () => ({ ok: true }));
    app.get('/other-refused', (_request, reply) => reply.code(429).send({ refused: true }));
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('holds a refusal of a route that asks for it until the delay has passed, and only that', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const refused = app.inject({ url: '/slow-refused' });
    // The other answers come while no time passes.
    expect((await app.inject({ url: '/slow-allowed' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/other-refused' })).statusCode).toBe(429);
    expect(await settled(refused)).toBe(false);
    await vi.advanceTimersByTimeAsync(DELAY_MS - 1);
    expect(await settled(refused)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const answer = await refused;
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ refused: true });
  });

  it('answers at once the refusals beyond the ones held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const first = app.inject({ url: '/slow-refused' });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await app.inject({ url: '/slow-refused' })).statusCode).toBe(429);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect((await first).statusCode).toBe(429);
  });
});

describe('login and the password calls hold their refusals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 1, refusalDelayMs: DELAY_MS });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url, payload, headers: { 'x-forwarded-for': '203.0.113.77' } });

  /** Calls with fresh emails from one address until its limit refuses; that refusal took at least the delay. */
  async function expectFirstRefusalHeld(url: string, body: (n: number) => object) {
    for (let n = 0; n < 40; n++) {
      const started = performance.now();
      const answer = await post(url, body(n));
      if (answer.statusCode !== 429) continue;
      expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
      return;
    }
    throw new Error(`${url} never refused`);
  }

  it.each([
    ['/api/users/session/login', (n: number) => ({ email: `login-${n}@example.com`, password: 'wrong-Passw0rd!', deviceId: 'delay' })],
    ['/api/secure-challenge', (n: number) => ({ email: `request-${n}@example.com` })],
    ['/api/secure-challenge/verify', (n: number) => ({ email: `verify-${n}@example.com`, challenge: '123456' })],
    [
      '/api/secure-challenge/complete',
      (n: number) => ({ email: `complete-${n}@example.com`, challenge: 'x'.repeat(43), password: 'A-new-Passw0rd!' }),
    ],
  ])('%s', async (url, body) => {
    await expectFirstRefusalHeld(url, body);
  });
});
