/**
 * 'Featured' (issue 32): products ranked by how many orders named them over the last
 * FEATURED_WINDOW_DAYS days, across all dealers. The count is kept in catalog_search.popularity
 * (drizzle/0015) so a featured page of the whole catalog is read from an index in order; this
 * refresh recounts it, writing only the rows whose count changed, and moves the search version of
 * the catalogs it changed so kept results follow. Any process may run it at any time: it is one
 * idempotent statement pair in a transaction.
 */
import { sql } from 'drizzle-orm';
import { FEATURED_WINDOW_DAYS } from '@portal/domain';
import type { Database } from '../../db/client.js';

export async function refreshFeatured(db: Database, now: Date = new Date()): Promise<{ changedRows: number }> {
  const since = new Date(now.getTime() - FEATURED_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH counted AS (
        SELECT l.sku, count(DISTINCT l.order_id)::int AS orders
        FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.entered_at >= ${since}::timestamptz
        GROUP BY l.sku
      ), wanted AS (
        SELECT s.catalog_id, s.sku, coalesce(c.orders, 0) AS popularity
        FROM catalog_search s LEFT JOIN counted c ON c.sku = s.sku
        WHERE s.popularity > 0 OR c.orders IS NOT NULL
      ), changed AS (
        UPDATE catalog_search s SET popularity = w.popularity
        FROM wanted w
        WHERE s.catalog_id = w.catalog_id AND s.sku = w.sku AND s.popularity <> w.popularity
        RETURNING s.catalog_id
      ), versions AS (
        UPDATE catalog_search_totals t SET version = t.version + 1
        WHERE t.catalog_id IN (SELECT DISTINCT catalog_id FROM changed)
      )
      SELECT count(*)::int AS changed_rows FROM changed`);
    return { changedRows: Number((result.rows[0] as { changed_rows: number } | undefined)?.changed_rows ?? 0) };
  });
}

/** Refreshes now and then every `intervalMs` until stopped; a failed round is reported and the next one runs. */
export function startFeaturedRefresh(db: Database, intervalMs: number, onError: (error: unknown) => void): { stop: () => void } {
  const round = () => void refreshFeatured(db).catch(onError);
  const first = setTimeout(round, 0);
  const timer = setInterval(round, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
