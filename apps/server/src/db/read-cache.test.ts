import { describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { perDatabase, RecentlyUsedMap } from './read-cache.js';

describe('RecentlyUsedMap', () => {
  it('keeps its budget of weight, dropping the least recently used first', () => {
    const map = new RecentlyUsedMap<string>(10, (value) => value.length);
    map.set('a', 'aaaa');
    map.set('b', 'bbbb');
    expect(map.get('a')).toBe('aaaa'); // a is now the most recent
    map.set('c', 'cccc');
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe('aaaa');
    expect(map.get('c')).toBe('cccc');
    expect(map.weight).toBe(8);
    expect(map.size).toBe(2);
  });

  it('counts entries when no weight is given, and replaces an entry set again', () => {
    const map = new RecentlyUsedMap<number>(2);
    map.set('a', 1);
    map.set('a', 2);
    map.set('b', 3);
    expect(map.get('a')).toBe(2);
    expect(map.weight).toBe(2);
    map.set('c', 4);
    expect(map.get('b')).toBeUndefined();
  });

  it('does not keep an entry heavier than the budget, and forgets the older value under its key', () => {
    const map = new RecentlyUsedMap<string>(5, (value) => value.length);
    map.set('a', 'aa');
    map.set('a', 'aaaaaaaa');
    expect(map.get('a')).toBeUndefined();
    expect(map.weight).toBe(0);
    map.set('b', 'bb');
    map.delete('b');
    map.delete('missing');
    expect(map.size).toBe(0);
  });
});

describe('perDatabase', () => {
  it('makes one cache per database handle, on first use', () => {
    const cacheOf = perDatabase(() => new RecentlyUsedMap<number>(10));
    const one = {} as Database;
    const two = {} as Database;
    cacheOf(one).set('k', 1);
    expect(cacheOf(one).get('k')).toBe(1);
    expect(cacheOf(two).get('k')).toBeUndefined();
  });
});
