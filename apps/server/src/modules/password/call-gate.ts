import { tooManyRequests } from '../../http/errors.js';
import { BoundedPool, PoolFullError, HASHING_BUSY_MESSAGE, type HashingLimits } from '../auth/index.js';

/**
 * The password page's calls of this process run through one bounded gate, twice as wide as the
 * sign-in hashing pool (issue 31). Each call writes throttle rows and reads accounts before any hash,
 * so a flood from many addresses (where no per-address limit bites) would otherwise queue its
 * database work ahead of every sign-in, most of all on the embedded database, which runs on the
 * event loop. Beyond the gate and its queue a call is refused with 429 before it touches anything.
 */
export function passwordCallGate({ concurrency }: HashingLimits) {
  const pool = new BoundedPool(2 * concurrency, 4 * concurrency);
  return <T>(call: () => Promise<T>): Promise<T> =>
    pool.run(call).catch((error: unknown) => {
      if (error instanceof PoolFullError) throw tooManyRequests('', HASHING_BUSY_MESSAGE);
      throw error;
    });
}
