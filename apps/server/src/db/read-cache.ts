/**
 * What the server keeps of its database reads between requests (issue 15): ranked search results
 * (catalog/search-cache.ts), products' static texts (catalog/product-text-cache.ts) and the order
 * lists' answers (orders/list-cache.ts). Each is exact: its entries are keyed or tagged by a
 * revision the database moves in the same transaction as any change they depend on, so a cache
 * only decides how much memory a process spends, never what a caller sees.
 */
import type { Database } from './client.js';

/**
 * A map that keeps its most recently used entries within a budget. Each entry weighs what `weigh`
 * says (1 by default: the budget is then a number of entries); when the total passes the budget,
 * the least recently used entries go first. An entry heavier than the whole budget is not kept.
 */
export class RecentlyUsedMap<V> {
  private readonly entries = new Map<string, V>();
  private totalWeight = 0;
  /**
   * Where eviction goes on: every entry before it has been evicted. A Map keeps deleted entries as
   * holes until it grows or shrinks, and a new iterator walks them from the start; asking a fresh
   * one for the oldest entry on every insert made a full cache's inserts walk all the holes (1-2 ms
   * per 50 inserts at ~46,000 entries). Entries moved to the end by `get` are met again there.
   */
  private oldest: Iterator<string> | undefined;

  constructor(
    private readonly budget: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.budget) return;
    this.entries.set(key, value);
    this.totalWeight += weight;
    while (this.totalWeight > this.budget) this.delete(this.oldestKey());
  }

  private oldestKey(): string {
    let next = this.oldest?.next();
    if (!next || next.done) {
      this.oldest = this.entries.keys();
      next = this.oldest.next();
    }
    return next.value as string;
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= this.weigh(old);
  }

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The kept entries' weights together (their number, when every entry weighs 1). */
  get weight(): number {
    return this.totalWeight;
  }

  /** Forgets every entry (the benchmark measures a first call's statements with it). */
  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
    this.oldest = undefined;
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
