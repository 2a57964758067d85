import { describe, expect, it } from 'vitest';
import { ProductTextCache } from './product-text-cache.js';

const text = (rev: string, size: number) => ({ rev, head: 'h'.repeat(size), tail: '' });

describe('ProductTextCache', () => {
  it('keeps at most its size in characters, dropping the least recently used first', () => {
    const cache = new ProductTextCache(30);
    cache.set('A', text('1', 9)); // 10 characters with its revision
    cache.set('B', text('1', 9));
    cache.set('C', text('1', 9));
    expect(cache.get('A')?.rev).toBe('1'); // A is now the most recent
    cache.set('D', text('1', 9));
    expect(cache.get('B')).toBeUndefined();
    expect(cache.get('A')).toBeDefined();
    expect(cache.get('C')).toBeDefined();
    expect(cache.get('D')).toBeDefined();
    expect(cache.sizeInCharacters).toBe(30);
  });

  it('replaces a product set again and counts only the new text', () => {
    const cache = new ProductTextCache(100);
    cache.set('A', text('1', 49));
    cache.set('A', text('2', 19));
    expect(cache.get('A')?.rev).toBe('2');
    expect(cache.size).toBe(1);
    expect(cache.sizeInCharacters).toBe(20);
  });

  it('does not keep a product bigger than the whole cache, and forgets the older version of it', () => {
    const cache = new ProductTextCache(10);
    cache.set('A', text('1', 5));
    cache.set('A', text('2', 50));
    expect(cache.get('A')).toBeUndefined();
    expect(cache.sizeInCharacters).toBe(0);
  });
});
