import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, RETRY_GROWTH, signWebhook, verifyWebhookSignature, WEBHOOK_DEFAULTS, webhookRetryDelayMs } from './signing.js';
import { isInternalAddress, urlProblem } from './url-safety.js';

describe('signing', () => {
  it('is v1= and the hex HMAC-SHA256 of "{timestamp}.{raw body}" keyed by the secret, as a receiver computes it', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: 'e1', type: 'order.created', createdAt: '2026-11-27T00:00:00.000Z', data: { a: 1 } });
    const expected = createHmac('sha256', secret).update(`1795000000.${body}`).digest('hex');
    expect(signWebhook(secret, 1795000000, body)).toBe(`v1=${expected}`);
    expect(verifyWebhookSignature(secret, '1795000000', body, `v1=${expected}`)).toBe(true);
  });

  it('does not verify with another secret, timestamp or body', () => {
    const secret = newWebhookSecret();
    const header = signWebhook(secret, 100, '{"a":1}');
    expect(verifyWebhookSignature(newWebhookSecret(), 100, '{"a":1}', header)).toBe(false);
    expect(verifyWebhookSignature(secret, 101, '{"a":1}', header)).toBe(false);
    expect(verifyWebhookSignature(secret, 100, '{"a":2}', header)).toBe(false);
  });

  it('makes a different secret every time', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});

describe('back-off', () => {
  it('grows by 3.3 each attempt from the base, within the jitter', () => {
    expect(webhookRetryDelayMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(webhookRetryDelayMs(2, 60_000, () => 0.5)).toBe(Math.round(60_000 * RETRY_GROWTH));
    expect(webhookRetryDelayMs(1, 60_000, () => 0)).toBe(54_000);
    expect(webhookRetryDelayMs(1, 60_000, () => 1)).toBe(66_000);
  });

  it('spreads the default 8 attempts over at least 24 hours even with the smallest jitter', () => {
    let total = 0;
    for (let failed = 1; failed < WEBHOOK_DEFAULTS.maxAttempts; failed++) total += webhookRetryDelayMs(failed, 60_000, () => 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3_600_000);
    // ... and not absurdly longer (under two days).
    let longest = 0;
    for (let failed = 1; failed < WEBHOOK_DEFAULTS.maxAttempts; failed++) longest += webhookRetryDelayMs(failed, 60_000, () => 1);
    expect(longest).toBeLessThan(48 * 3_600_000);
  });

  it('jitters: two deliveries failing together are not retried at the same instant', () => {
    const delays = new Set(Array.from({ length: 20 }, () => webhookRetryDelayMs(3, 60_000)));
    expect(delays.size).toBeGreaterThan(1);
  });
});

describe('URL policy', () => {
  const production = { allowInternal: false };
  const demo = { allowInternal: true };

  it('takes only http(s) URLs', () => {
    expect(urlProblem('ftp://erp.example.com/x', demo)).toBe('The URL must be an http(s) address.');
    expect(urlProblem('not a url', demo)).toBe('The URL is not valid.');
    expect(urlProblem('https://user:pw@erp.example.com/x', demo)).toMatch(/user name/);
    expect(urlProblem('https://erp.example.com/hooks', production)).toBeUndefined();
  });

  it('refuses loopback and private addresses in production only', () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'http://10.1.2.3/',
      'http://192.168.0.5/',
      'http://[::1]/',
      'http://169.254.169.254/',
    ])
      expect(urlProblem(url, production), url).toBeDefined();
    expect(urlProblem('http://127.0.0.1:8080/', demo)).toBeUndefined();
  });

  it('knows the internal ranges, IPv4-mapped IPv6 included', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '172.32.0.1']) expect(isInternalAddress(a), a).toBe(false);
  });
});
