import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides the code of a password link and keeps the other parameters', () => {
    expect(redactUrl('/password/activate?email=a%40b.example&code=X7P3QK')).toBe('/password/activate?email=a%40b.example&code=[redacted]');
    expect(redactUrl('/password/reset?code=123456')).toBe('/password/reset?code=[redacted]');
  });

  it('hides every secret-named parameter, whatever its case or encoding', () => {
    const url = redactUrl('/x?token=t1&API_KEY=k1&client_secret=s1&password=p1&sig=g1&session=s2&otp=1&page=2&q=lift');
    for (const secret of ['t1', 'k1', 's1', 'p1', 'g1', 's2', 'otp=1']) expect(url).not.toContain(secret);
    expect(url).toContain('page=2');
    expect(url).toContain('q=lift');
    expect(redactUrl('/x?%63ode=abc')).toBe('/x?%63ode=[redacted]');
  });

  it('hides token-shaped path segments (session tokens, API keys) and keeps ordinary ones', () => {
    const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy_-12';
    expect(redactUrl(`/api/things/${token}/more`)).toBe('/api/things/[redacted]/more');
    expect(redactUrl(`/api/keys/dpk_${token}`)).toBe('/api/keys/[redacted]');
    expect(redactUrl('/api/catalog/product/LFT-9000-XL')).toBe('/api/catalog/product/LFT-9000-XL');
    expect(redactUrl('/api/checkout/7K2M9QW4XZ/complete')).toBe('/api/checkout/7K2M9QW4XZ/complete');
  });

  it('drops a fragment and leaves a URL without secrets unchanged', () => {
    expect(redactUrl('/orders/search?status=open&page=1')).toBe('/orders/search?status=open&page=1');
    expect(redactUrl('/password/activate?code=abc#code=abc')).toBe('/password/activate?code=[redacted]');
  });
});

describe('serializeRequest', () => {
  it('logs method, redacted URL, host and address only (no headers)', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/password/reset?code=999111',
      host: 'portal.example.com',
      ip: '10.0.0.5',
      socket: { remotePort: 51000 },
      headers: { authorization: 'Bearer secret-token' },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/password/reset?code=[redacted]',
      host: 'portal.example.com',
      remoteAddress: '10.0.0.5',
      remotePort: 51000,
    });
    expect(JSON.stringify(logged)).not.toContain('secret-token');
  });
});
