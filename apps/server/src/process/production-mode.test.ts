/** Production mode refuses demo settings before it opens anything (issue 17, finding 1). */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './server-process.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-production-mode-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a server in production mode', () => {
  it('exits non-zero with the reasons, without opening DATA_DIR, when demo settings remain', async () => {
    const dataDir = path.join(root, 'data');
    // What `npm start` passes (--demo) does not win over NODE_ENV=production.
    const server = spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SEED_ON_START: 'true' }, ['--demo']);
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain('Refusing to start in production mode');
    for (const reason of ['SMTP_URL is not set', 'SEED_ON_START', 'PAYMENT_GATEWAY is simulated', 'PUBLIC_URL is not set']) {
      expect(server.output()).toContain(reason);
    }
    expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('refuses Stripe without its webhook secret', async () => {
    const server = spawnServer({
      PORTAL_MODE: 'production',
      DATA_DIR: path.join(root, 'stripe'),
      PORT: '0',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://portal.example.com',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('PAYMENT_GATEWAY=stripe needs STRIPE_WEBHOOK_SECRET');
    expect(existsSync(path.join(root, 'stripe'))).toBe(false);
  }, 60_000);
});
