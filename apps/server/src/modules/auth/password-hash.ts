/**
 * Password hashing with scrypt (memory-hard, in Node's crypto: no native add-on to build).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
 *
 * Every hash runs through a bounded pool of this process (docs/decisions/015-password-hashing-pool.md):
 * at most `concurrency` scrypt runs at once on libuv's threads, a few more wait in arrival order,
 * and the rest are refused with 429 before they start. There are two such pools, so that a flood of
 * one kind of call cannot take the other's places: `login` for sign-in, and `codes`, with half the
 * places, for everything else (the password codes' request, verify and complete, invitations, the
 * seed). A flood of code calls then leaves sign-in its pool and most of the CPU (issue 31: with 40
 * bogus calls running, a login took 3.4 s instead of 0.12 s).
 */
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { tooManyRequests } from '../../http/errors.js';
import { BoundedPool, PoolFullError, type PoolStats } from './bounded-pool.js';

const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

export const HASHING_BUSY_MESSAGE = 'Too many attempts. Please try again later.';

/** Which pool a hash runs in: sign-in, or every other call. */
export type HashingLane = 'login' | 'codes';
export type HashingLimits = { concurrency: number; queue: number };

/**
 * The sign-in pool's limits, each unset one by default: one hash per core, at most 4 (libuv's
 * thread pool has 4 threads unless UV_THREADPOOL_SIZE says otherwise, and file reads need them
 * too), and twice as many waiting, so a call waits at most about two hash times for its turn.
 */
export function hashingLimits(chosen: Partial<HashingLimits> = {}): HashingLimits {
  const concurrency = chosen.concurrency ?? Math.max(1, Math.min(availableParallelism(), 4));
  return { concurrency, queue: chosen.queue ?? 2 * concurrency };
}

/** The code calls' pool has half the sign-in pool's places (at least one), waiting places likewise. */
function poolsOf({ concurrency, queue }: HashingLimits): Record<HashingLane, BoundedPool> {
  const codes = Math.max(1, Math.floor(concurrency / 2));
  return { login: new BoundedPool(concurrency, queue), codes: new BoundedPool(codes, Math.ceil((queue * codes) / concurrency)) };
}
let pools = poolsOf(hashingLimits());

/** Sets this process's hashing limits (app.ts, from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(limits: HashingLimits): void {
  pools = poolsOf(limits);
}

/** A pool's counts, for tests and the bench: a refused call must not have started a hash. */
export function passwordHashingStats(lane: HashingLane): PoolStats {
  return pools[lane].stats();
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions, lane: HashingLane): Promise<Buffer> {
  const run = () =>
    new Promise<Buffer>((resolve, reject) => {
      const maxmem = 256 * (options.N ?? COST) * (options.r ?? BLOCK_SIZE);
      scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
    });
  return pools[lane].run(run).catch((error: unknown) => {
    // The contract's 429 body; field '' lets each page show it under its default field.
    if (error instanceof PoolFullError) throw tooManyRequests('', HASHING_BUSY_MESSAGE);
    throw error;
  });
}

export async function hashPassword(password: string, lane: HashingLane = 'codes'): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLELISM }, lane);
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, lane: HashingLane = 'codes'): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, lane);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown emails so that a failed login takes as long whether the account exists or not. */
let decoyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string, lane: HashingLane = 'codes'): Promise<void> {
  // A decoy refused by a full pool is not kept: the next call makes it again.
  decoyHash ??= hashPassword('decoy-password-never-matches', lane).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await decoyHash, lane);
}
