/**
 * Open Orders and Recent Orders answers kept per process (issue 15, decision 009). A list is up to
 * ~1,000 order summaries (~400 KB of JSON); reading, mapping and writing it as JSON cost more of the
 * server's one thread than anything else it answers, while a branch's lists change far less often
 * than dealers look at them (a few orders and status updates a day against every page load).
 *
 * Exact, never stale: an answer is kept under the revision of its branch, which the triggers of
 * 0012_order_list_revisions.sql move in the same transaction as any change of the branch's orders,
 * whoever writes. Every call reads the revision (one primary-key lookup) before anything else, so
 * an answer built from rows newer than its revision can be kept (a later call sees a newer revision
 * and builds again), never one older than it. A branch without a revision is never kept.
 */
import { gzipSync } from 'node:zlib';
import type { Database } from '../../db/client.js';
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';
import type { JsonAnswer } from '../../http/json-lists.js';
import type { OrderScope } from './order-scope.js';
import { findOrderListRevision } from './repository.js';

/**
 * Bytes of answers kept per database handle, least recently used first out: each list's JSON and
 * its gzipped copy (a ninth of it). One entry per list: a new revision's answer replaces the old
 * one, which no call can be answered with again. Before, the old answers stayed until pushed out,
 * so a feed of new orders filled the whole budget with them.
 */
export const ORDER_LIST_CACHE_BYTES = 32 * 1024 * 1024;

/** Level 1: a 700 KB list in ~2 ms, once per revision; what higher levels save is a few KB (http/compression.ts). */
const GZIP_LEVEL = 1;

/** A list's answer and the branch revision it was built at. */
type KeptList = { revision: string; answer: JsonAnswer };

export const orderListCacheOf = perDatabase(
  () => new RecentlyUsedMap<KeptList>(ORDER_LIST_CACHE_BYTES, ({ answer }) => answer.json.length + (answer.gzipped?.length ?? 0)),
);

/**
 * The JSON answer of one list of one branch: the kept one while the branch's revision stands, else
 * `build`'s, kept with its gzipped copy (browsers take that as it is: json-lists.ts sendJsonAnswer).
 * `list` names the list and everything else its answer depends on (window, update type); the
 * scope's organization, branch and limitOrderHistory user complete the key.
 */
export async function branchListAnswer(db: Database, scope: OrderScope, list: string, build: () => Promise<unknown>): Promise<JsonAnswer> {
  const [branchId] = scope.branchIds;
  if (scope.branchIds.length !== 1 || branchId === undefined) throw new Error('An order list answers one branch.');
  const revision = await findOrderListRevision(db, scope.organizationId, branchId);
  const key = `${scope.organizationId}|${branchId}|${scope.enteredByUserId ?? 'all'}|${list}`;
  const cache = orderListCacheOf(db);
  const kept = revision === null ? undefined : cache.get(key);
  if (kept?.revision === revision) return kept.answer;
  const json = Buffer.from(JSON.stringify(await build()));
  if (revision === null) return { json };
  const answer: JsonAnswer = { json, gzipped: gzipSync(json, { level: GZIP_LEVEL }) };
  cache.set(key, { revision, answer });
  return answer;
}
