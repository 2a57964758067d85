import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, loadConfig } from '../../config.js';

describe('mail configuration', () => {
  it('defaults to the development mailbox, the portal sender and a 2 s worker', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, mailWorkerIntervalMs: 2000 });
    expect(DEFAULT_MAIL_FROM).toBe('Dealer Portal <no-reply@portal.example.com>');
  });

  it('reads SMTP_URL, MAIL_FROM and MAIL_WORKER_INTERVAL_MS', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Orders <orders@example.com>',
      MAIL_WORKER_INTERVAL_MS: '0',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Orders <orders@example.com>',
      mailWorkerIntervalMs: 0,
    });
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('refuses a malformed value', () => {
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_WORKER_INTERVAL_MS: '-5' })).toThrow(/MAIL_WORKER_INTERVAL_MS/);
  });
});

describe('modes (issue 17, finding 1)', () => {
  const production = {
    PORTAL_MODE: 'production',
    SMTP_URL: 'smtp://mail.example.com:587',
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    PUBLIC_URL: 'https://portal.example.com/',
  };

  it('is standard by default, demo only when asked, production with NODE_ENV=production', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'standard', seedOnStart: false });
    expect(loadConfig({}, 'demo')).toMatchObject({ mode: 'demo', seedOnStart: true });
    expect(loadConfig({ PORTAL_MODE: 'standard' }, 'demo').mode).toBe('standard');
    expect(loadConfig({ SEED_ON_START: 'false' }, 'demo').seedOnStart).toBe(false);
    const { PORTAL_MODE: _mode, ...rest } = production;
    expect(loadConfig({ ...rest, NODE_ENV: 'production' }, 'demo')).toMatchObject({
      mode: 'production',
      seedOnStart: false,
      publicUrl: 'https://portal.example.com',
    });
    expect(() => loadConfig({ ...production, NODE_ENV: 'production', PORTAL_MODE: 'demo' })).toThrow(/contradicts/);
  });

  it('refuses production with anything meant for demos', () => {
    expect(loadConfig(production).mode).toBe('production');
    const refused: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: '' }, /SMTP_URL is not set/],
      [{ SEED_ON_START: 'true' }, /SEED_ON_START/],
      [{ PAYMENT_GATEWAY: 'simulated' }, /PAYMENT_GATEWAY is simulated/],
      [{ STRIPE_WEBHOOK_SECRET: '' }, /needs STRIPE_WEBHOOK_SECRET/],
      [{ PUBLIC_URL: '' }, /PUBLIC_URL is not set/],
    ];
    for (const [change, message] of refused) {
      expect(() => loadConfig({ ...production, ...change })).toThrow(message);
    }
    expect(() => loadConfig({ PORTAL_MODE: 'production' })).toThrow(/^Refusing to start in production mode: SMTP_URL is not set/);
  });
});
