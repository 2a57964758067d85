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
