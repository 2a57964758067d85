/**
 * The round trips the session cache waits for before it answers a cached caller (session-cache.ts):
 * each caller waits for one that started after it called, and callers waiting together share one;
 * and the caller answered early to read-only routes, confirmed by such a round trip afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../http/principal.js';
import { SessionCache, sharedRoundTrips } from './session-cache.js';

/** A round trip the test answers by hand, recording when each was sent. */
function manualTrips() {
  const pending: { answer: () => void; fail: () => void }[] = [];
  const send = () =>
    new Promise<void>((resolve, reject) => {
      pending.push({ answer: resolve, fail: () => reject(new Error('lost')) });
    });
  return { pending, trip: sharedRoundTrips(send) };
}

const settledFlag = (promise: Promise<unknown>) => {
  const state = { settled: false };
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
};
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedRoundTrips', () => {
  it('sends one trip for a caller alone, and a new one for the next caller', async () => {
    const { pending, trip } = manualTrips();
    const first = trip();
    expect(pending).toHaveLength(1);
    pending[0]!.answer();
    await first;
    const second = trip();
    expect(pending).toHaveLength(2);
    pending[1]!.answer();
    await second;
  });

  it('makes a caller who arrives while a trip is on the wire wait for the next trip, shared by all who arrived meanwhile', async () => {
    const { pending, trip } = manualTrips();
    const early = settledFlag(trip());
    const late = [trip(), trip(), trip()];
    const lateSettled = late.map(settledFlag);
    expect(pending).toHaveLength(1); // the next trip is sent only when the one on the wire is back

    pending[0]!.answer();
    await flush();
    expect(early.settled).toBe(true);
    expect(lateSettled.some((state) => state.settled)).toBe(false);
    expect(pending).toHaveLength(2);

    pending[1]!.answer();
    await Promise.all(late);
    expect(pending).toHaveLength(2);
  });

  it('rejects the callers of a failed trip and still sends the next', async () => {
    const { pending, trip } = manualTrips();
    const failing = trip();
    const waiting = trip();
    pending[0]!.fail();
    await expect(failing).rejects.toThrow('lost');
    await flush();
    expect(pending).toHaveLength(2);
    pending[1]!.answer();
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe('SessionCache.getEarly', () => {
  const principal = { tokenHash: 'h', sessionLastSeenAt: new Date() } as unknown as Principal;
  const loaded = { principal, expiresAt: new Date(Date.now() + 3_600_000) };

  /** A listening cache holding one caller, its round trips answered by hand. */
  async function cacheWithCaller() {
    const trips: (() => void)[] = [];
    const cache = new SessionCache();
    cache.attach({ caughtUp: () => new Promise((resolve) => trips.push(() => resolve(true))), close: async () => {} });
    cache.setListening(true);
    await cache.get('h', 30, async () => loaded);
    return { cache, trips };
  }

  it('answers the cached caller at once and confirms it once its round trip is back', async () => {
    const { cache, trips } = await cacheWithCaller();
    const early = cache.getEarly('h', 30)!;
    expect(early.caller).toBe(principal);
    expect(trips).toHaveLength(1); // sent at the call, so it runs beside the request's work
    const hits = cache.stats.hits;
    const confirmed = settledFlag(early.confirm());
    await flush();
    expect(confirmed.settled).toBe(false);
    expect(cache.stats.hits).toBe(hits); // not a hit until it stands
    trips[0]!();
    expect(await early.confirm()).toBe(true);
    expect(await early.confirm()).toBe(true);
    expect(cache.stats.hits).toBe(hits + 1);
  });

  it('does not confirm a caller when the cache was dropped after the call', async () => {
    const { cache, trips } = await cacheWithCaller();
    const early = cache.getEarly('h', 30)!;
    const hits = cache.stats.hits;
    cache.notified('');
    trips[0]!();
    expect(await early.confirm()).toBe(false);
    expect(cache.stats.hits).toBe(hits);
  });

  it('does not confirm a caller when listening broke after the call', async () => {
    const { cache, trips } = await cacheWithCaller();
    const early = cache.getEarly('h', 30)!;
    cache.setListening(false);
    trips[0]!();
    expect(await early.confirm()).toBe(false);
  });

  it('answers nothing early for a caller it does not hold, past the idle limit, or while not listening', async () => {
    const { cache } = await cacheWithCaller();
    expect(cache.getEarly('other', 30)).toBeUndefined();
    expect(cache.getEarly('h', 0)).toBeUndefined();
    cache.setListening(false);
    expect(cache.getEarly('h', 30)).toBeUndefined();
  });
});
