/** TRUST_PROXY (issue 17 finding 5): no proxy trusted unless listed, and a bad entry refuses to start. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
  });

  it('reads a comma-separated list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '::1/129'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
