import { describe, expect, it } from 'vitest';
import { SearchResultCache } from './search-cache.js';

describe('SearchResultCache', () => {
  it('keeps at most its size, dropping the least recently used first', () => {
    const cache = new SearchResultCache(2);
    cache.set('a', { total: 1, skus: ['A'] });
    cache.set('b', { total: 1, skus: ['B'] });
    expect(cache.get('a')?.skus).toEqual(['A']); // a is now the most recent
    cache.set('c', { total: 1, skus: ['C'] });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.skus).toEqual(['A']);
    expect(cache.get('c')?.skus).toEqual(['C']);
    expect(cache.size).toBe(2);
  });

  it('replaces an entry set again under the same key', () => {
    const cache = new SearchResultCache(2);
    cache.set('a', { total: 1, skus: ['A'] });
    cache.set('a', { total: 2, skus: ['A', 'B'] });
    expect(cache.get('a')).toEqual({ total: 2, skus: ['A', 'B'] });
    expect(cache.size).toBe(1);
  });
});
