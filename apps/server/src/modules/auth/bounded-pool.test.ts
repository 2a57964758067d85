import { describe, expect, it } from 'vitest';
import { BoundedPool, PoolFullError } from './bounded-pool.js';

/** A task that runs until released by hand, and records how many tasks ran at once. */
function gate() {
  let running = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const order: number[] = [];
  return {
    task: (id: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(id);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return id;
    },
    /** Lets the oldest unfinished task end. */
    releaseOne: async () => {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get peak() {
      return peak;
    },
    get running() {
      return running;
    },
    order,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedPool', () => {
  it('never runs more tasks at once than its concurrency, and runs the waiting ones in arrival order', async () => {
    const pool = new BoundedPool(3, 20);
    const g = gate();
    const results = Array.from({ length: 12 }, (_, i) => pool.run(g.task(i)));
    await settle();
    expect(g.running).toBe(3);
    expect(pool.stats()).toMatchObject({ running: 3, queued: 9 });
    while (g.order.length < 12 || g.running > 0) {
      await g.releaseOne();
      expect(g.running).toBeLessThanOrEqual(3);
    }
    expect(await Promise.all(results)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(g.peak).toBe(3);
    expect(g.order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(pool.stats()).toEqual({ running: 0, queued: 0, started: 12, refused: 0 });
  });

  it('refuses at once what neither runs nor fits the queue, without starting it', async () => {
    const pool = new BoundedPool(2, 3);
    const g = gate();
    const settled = Array.from({ length: 9 }, (_, i) =>
      pool.run(g.task(i)).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    );
    await settle();
    expect(pool.stats()).toEqual({ running: 2, queued: 3, started: 2, refused: 4 });
    while (g.running > 0) await g.releaseOne();
    const outcomes = await Promise.all(settled);
    expect(outcomes.filter((o) => o.ok).map((o) => (o.ok ? o.value : -1))).toEqual([0, 1, 2, 3, 4]);
    for (const refused of outcomes.filter((o) => !o.ok)) expect(refused.ok ? undefined : refused.error).toBeInstanceOf(PoolFullError);
    // The refused tasks never ran.
    expect(g.order).toEqual([0, 1, 2, 3, 4]);
    expect(g.peak).toBe(2);
  });

  it('takes new work again once places are free', async () => {
    const pool = new BoundedPool(1, 0);
    const g = gate();
    const first = pool.run(g.task(1));
    await expect(pool.run(g.task(2))).rejects.toBeInstanceOf(PoolFullError);
    await g.releaseOne();
    expect(await first).toBe(1);
    const third = pool.run(g.task(3));
    await settle();
    await g.releaseOne();
    expect(await third).toBe(3);
  });

  it('frees the place of a task that fails', async () => {
    const pool = new BoundedPool(1, 1);
    await expect(pool.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    expect(await pool.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('rejects limits that make no sense', () => {
    expect(() => new BoundedPool(0, 1)).toThrow();
    expect(() => new BoundedPool(1, -1)).toThrow();
  });
});
