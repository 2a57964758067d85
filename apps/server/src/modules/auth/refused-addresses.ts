/**
 * Addresses the database has just refused for being past their limit, remembered by this process
 * for a few seconds, so that a flood from one address is answered 429 without a statement per call
 * (issue 31: tens of clients sending back to back kept the connection pool busy in front of real
 * logins). The database stays the judge (decision 002): the memo only repeats its latest answer,
 * for at most REMEMBER_MS. One memo per database, since tests build several apps in one process.
 */
import type { Database } from '../../db/client.js';

const REMEMBER_MS = 5_000;
/** A flood from very many addresses cannot grow the memo past this; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

const memos = new WeakMap<Database, Map<string, number>>();

function memoOf(db: Database): Map<string, number> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  return memo;
}

/** Whether the database refused this address within the last REMEMBER_MS. */
export function isRecentlyRefused(db: Database, address: string, now = Date.now()): boolean {
  const memo = memoOf(db);
  const until = memo.get(address);
  if (until === undefined) return false;
  if (until > now) return true;
  memo.delete(address);
  return false;
}

export function rememberRefusal(db: Database, address: string, now = Date.now()): void {
  const memo = memoOf(db);
  memo.delete(address);
  memo.set(address, now + REMEMBER_MS);
  // Maps keep insertion order: the first key is the oldest.
  while (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value!);
}
