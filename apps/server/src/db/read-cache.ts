/**
 * What the server keeps of its database reads between requests (issue 15): ranked search results
 * (catalog/search-cache.ts), products' static texts (catalog/product-text-cache.ts) and the order
 * lists' answers (orders/list-cache.ts). Each is exact: its entries are keyed or tagged by a
 * revision the database moves in the same transaction as any change they depend on, so a cache
 * only decides how much memory a process spends, never what a caller sees.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from './client.js';

/**
 * lru-cache's map within a budget of weight. Each entry weighs what `weigh` says (1 by default: the
 * budget is then a number of entries); when the total passes the budget, the least recently used
 * entries go first. An entry heavier than the whole budget is not kept (and setting one forgets the
 * older value under its key). Besides the library's own API, `weight` is the kept entries' weights
 * together.
 */
export class RecentlyUsedMap<V extends NonNullable<unknown>> extends LRUCache<string, V> {
  constructor(budget: number, weigh?: (value: V) => number) {
    // lru-cache wants a positive whole size for each entry.
    super(weigh ? { maxSize: budget, sizeCalculation: (value) => Math.max(1, Math.ceil(weigh(value))) } : { max: budget });
  }

  /** The kept entries' weights together (their number, when every entry weighs 1). */
  get weight(): number {
    return this.maxSize ? this.calculatedSize : this.size;
  }
}

/**
 * One cache per database handle, made on first use: tests open many databases in one process, and
 * their rows share revisions and versions, so a process-wide cache would answer one database's
 * rows to another.
 */
export function perDatabase<T extends object>(create: () => T): (db: Database) => T {
  const caches = new WeakMap<Database, T>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = create()));
    return cache;
  };
}
