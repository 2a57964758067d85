/**
 * The round trips the session cache waits for before it answers a cached caller (session-cache.ts):
 * each caller waits for one that started after it called, and callers waiting together share one.
 */
import { describe, expect, it } from 'vitest';
import { sharedRoundTrips } from './session-cache.js';

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
