/**
 * WEB_CONCURRENCY (decision 017): how many worker processes serve the port, refused when it is not a
 * whole number in range, held to one process on the embedded database; and when the primary stops
 * replacing workers that keep dying.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { CrashLoopGuard, DEATH_WINDOW_MS, MAX_DEATHS } from './cluster-primary.js';
import { loadConfig, webConcurrencyOf } from './config.js';

const POSTGRES = 'postgres://portal@127.0.0.1:5432/portal';
/** What production mode needs besides, so that only WEB_CONCURRENCY decides. */
const PRODUCTION = {
  PORTAL_MODE: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://portal.example.com',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process in demo and standard mode, on either database', () => {
    expect(loadConfig({}, 'demo').webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES }, 'demo').webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
  });

  it('defaults to the number of cores in production mode on PostgreSQL, one on the embedded database', () => {
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: POSTGRES }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production', PORTAL_MODE: '', DATABASE_URL: POSTGRES }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(loadConfig(PRODUCTION).webConcurrency).toBe(1);
    expect(webConcurrencyOf(undefined, 'production', true, 12).workers).toBe(12);
  });

  it('takes the number asked for on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: ' 2 ' }).warnings).toEqual([]);
  });

  it.each(['0', '-1', '1.5', '2x', 'abc', 'auto', '65', '1e1'])('refuses %s with a message naming the variable', (value) => {
    expect(() => loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: value })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY: must be a whole number of server processes from 1 to 64',
    );
  });

  it('runs one process on the embedded database outside production, with a warning', () => {
    for (const mode of ['demo', 'standard'] as const) {
      const config = loadConfig({ WEB_CONCURRENCY: '4' }, mode);
      expect(config.webConcurrency).toBe(1);
      expect(config.warnings).toEqual([
        'WEB_CONCURRENCY=4 needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only; running one server process',
      ]);
    }
    expect(loadConfig({ WEB_CONCURRENCY: '1' }, 'demo').warnings).toEqual([]);
  });

  it('refuses more than one process on the embedded database in production mode', () => {
    expect(() => loadConfig({ ...PRODUCTION, WEB_CONCURRENCY: '2' })).toThrow(
      'Refusing to start in production mode: WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only',
    );
  });

  it('shares the cores out among the workers for password hashing unless PASSWORD_HASH_CONCURRENCY says otherwise', () => {
    const perWorker = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '2' }).passwordHashConcurrency).toBe(perWorker);
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '64' }).passwordHashConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '2', PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    expect(loadConfig({ DATABASE_URL: POSTGRES }).passwordHashConcurrency).toBeUndefined();
  });
});

describe('the leader worker', () => {
  it('alone recounts Featured and reconciles checkouts; a single process does both', () => {
    const follower = loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '2', PORTAL_WORKER_DUTY: 'follower' });
    expect(follower.leader).toBe(false);
    expect(follower.featuredRefreshMs).toBe(0);
    const leader = loadConfig({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: '2', PORTAL_WORKER_DUTY: 'leader', FEATURED_REFRESH_MS: '5000' });
    expect(leader.leader).toBe(true);
    expect(leader.featuredRefreshMs).toBe(5000);
    expect(loadConfig({}).leader).toBe(true);
    expect(() => loadConfig({ PORTAL_WORKER_DUTY: 'boss' })).toThrow(/PORTAL_WORKER_DUTY/);
  });
});

describe('replacing workers that die', () => {
  it(`replaces up to ${MAX_DEATHS} deaths within the window, then gives up`, () => {
    const guard = new CrashLoopGuard();
    const start = 1_000_000;
    for (let i = 0; i < MAX_DEATHS; i++) expect(guard.mayReplace(start + i * 1000)).toBe(true);
    expect(guard.mayReplace(start + MAX_DEATHS * 1000)).toBe(false);
  });

  it('forgets deaths older than the window', () => {
    const guard = new CrashLoopGuard(2, 10_000);
    expect(guard.mayReplace(0)).toBe(true);
    expect(guard.mayReplace(1_000)).toBe(true);
    expect(guard.mayReplace(10_500)).toBe(true); // the first has left the window
    expect(guard.mayReplace(10_800)).toBe(false); // three within 10 s: 1,000, 10,500 and 10,800
    expect(DEATH_WINDOW_MS).toBeGreaterThan(0);
  });
});
