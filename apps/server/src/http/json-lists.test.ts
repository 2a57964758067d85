/** Which Accept-Encoding headers take a kept gzipped answer as it is (json-lists.ts acceptsGzip). */
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './json-lists.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0.5', true],
    ['gzip;q=0, *', false],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['br', false],
    ['identity', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('takes no header as no encoding asked for, and a repeated header as one list', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
  });
});
