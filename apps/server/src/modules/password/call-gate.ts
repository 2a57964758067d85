import { tooManyRequests } from '../../http/errors.js';
import { BoundedPool, PoolFullError, HASHING_BUSY_MESSAGE, type HashingLimits } from '../auth/index.js';

/**
 * The password page's calls of this process run through one bounded gate, half as wide as the
 * sign-in hashing pool (at least one call), with four times that pool's width waiting (issue 31). Each call writes throttle rows and reads accounts before any hash,
 * so a flood from many addresses (where no per-address limit bites) would otherwise queue its
 * database work ahead of every sign-in, most of all on the embedded database, which runs on the
 * event loop. Beyond the gate and its queue a call is refused with 429 before it touches anything.
 * Measured by `npm run bench -- login` (embedded database, 2 cores): with 60 bogus calls from fresh
 * addresses running, login p95 went from 9.2x to 2.8x the quiet figure when the gate went from
 * twice the sign-in pool's width to half of it.
 */
export function passwordCallGate({ concurrency }: HashingLimits) {
  const running = Math.max(1, Math.floor(concurrency / 2));
  // A deep queue: a few genuine resets at once wait their turn instead of being refused.
  const pool = new BoundedPool(running, 4 * concurrency);
  return <T>(call: () => Promise<T>): Promise<T> =>
    pool.run(call).catch((error: unknown) => {
      if (error instanceof PoolFullError) throw tooManyRequests('', HASHING_BUSY_MESSAGE);
      throw error;
    });
}
