/**
 * 'Featured' (issue 32): products ranked by how many orders named them over the last
 * FEATURED_WINDOW_DAYS days, across all dealers. The count is kept in catalog_search.popularity
 * (drizzle/0015) so a featured page of the whole catalog is read from an index in order; this
 * refresh recounts it and writes only the rows whose count changed, moving the search version of
 * the catalogs it changed so kept results follow. Any process may run it at any time.
 *
 * The recount is read without locks; the changes are then written in short transactions of
 * FEATURED_BATCH rows, each locking its rows in key order first, and the search version of the
 * catalogs changed moves once at the end. A manufacturer's feed moves
 * catalog_search rows too (the stock triggers of drizzle/0015): one long UPDATE over thousands of
 * rows in scan order deadlocked with it on the M set. A batch that still meets a deadlock or a
 * serialization failure is tried again.
 */
import { FEATURED_WINDOW_DAYS } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { movePopularityVersions, popularityChanges, writePopularityBatch } from './search-repository.js';

/** Rows written per transaction. */
export const FEATURED_BATCH = 500;
const ATTEMPTS_PER_BATCH = 3;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

export async function refreshFeatured(db: Database, now: Date = new Date(), batchSize = FEATURED_BATCH): Promise<{ changedRows: number }> {
  const since = new Date(now.getTime() - FEATURED_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const changes = await popularityChanges(db, since);

  let changedRows = 0;
  try {
    for (let start = 0; start < changes.length; start += batchSize) {
      const batch = changes.slice(start, start + batchSize);
      for (let attempt = 1; ; attempt++) {
        try {
          changedRows += await writePopularityBatch(db, batch);
          break;
        } catch (error) {
          if (attempt >= ATTEMPTS_PER_BATCH || !isRetryable(error)) throw error;
        }
      }
    }
  } finally {
    // One version move per recount (not per batch): kept results and vocabularies follow it once.
    const catalogs = [...new Set(changes.map((change) => change.catalog_id))];
    if (changedRows > 0) await movePopularityVersions(db, catalogs);
  }
  return { changedRows };
}

/**
 * Refreshes now and then every `intervalMs` until stopped; a failed round is reported and the next one
 * runs. `firstRound` settles when the first recount is done (or failed): the search indexes are built
 * after it (routes.ts), since a recount that changes counts moves the search version, and an index
 * built before it would at once be built again (seconds of the server's thread on the M set).
 */
export function startFeaturedRefresh(
  db: Database,
  intervalMs: number,
  onError: (error: unknown) => void,
): { firstRound: Promise<void>; stop: () => void } {
  const round = () => refreshFeatured(db).then(() => undefined, onError);
  const firstRound = round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return { firstRound, stop: () => clearInterval(timer) };
}
