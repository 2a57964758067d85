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

  it('evicts exactly the least recently used through long runs of inserts, reads, deletes and clears', () => {
    // A reference model: an array in use order, oldest first.
    const map = new RecentlyUsedMap<number>(50, (value) => (value % 3) + 1);
    let model: [string, number][] = [];
    const weightOf = (entries: [string, number][]) => entries.reduce((sum, [, value]) => sum + (value % 3) + 1, 0);
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(120)}`;
      const action = random(100);
      if (action < 55) {
        map.set(key, step);
        model = [...model.filter(([k]) => k !== key), [key, step]];
        while (weightOf(model) > 50) model.shift();
      } else if (action < 90) {
        const kept = model.find(([k]) => k === key);
        expect(map.get(key)).toBe(kept?.[1]);
        if (kept) model = [...model.filter(([k]) => k !== key), kept];
      } else if (action < 99) {
        map.delete(key);
        model = model.filter(([k]) => k !== key);
      } else {
        map.clear();
        model = [];
      }
      expect(map.size).toBe(model.length);
    }
    expect(map.weight).toBe(weightOf(model));
    for (const [key, value] of model) expect(map.get(key)).toBe(value);
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
