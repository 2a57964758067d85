/**
 * The search's own tables beside the products (issue 32): the popularity behind 'Featured'
 * (featured.ts), the synonym sets (synonyms.ts), the typo vocabulary (vocabulary.ts) and
 * PostgreSQL's reading of a tsquery for the in-process index (indexed-search.ts). Their writes move
 * the catalog's search version (catalog_search_totals.version), so kept results follow.
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

export type PopularityChange = { catalog_id: string; sku: string; popularity: number };

/**
 * The catalog_search rows whose popularity is not the number of orders naming their SKU since
 * `since`, with that number; in key order, read without locks.
 */
export async function popularityChanges(db: Database, since: Date): Promise<PopularityChange[]> {
  const result = await db.execute(sql`
    WITH counted AS (
      SELECT l.sku, count(DISTINCT l.order_id)::int AS orders
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.entered_at >= ${since.toISOString()}::timestamptz
      GROUP BY l.sku
    )
    SELECT s.catalog_id, s.sku, coalesce(c.orders, 0) AS popularity
    FROM catalog_search s LEFT JOIN counted c ON c.sku = s.sku
    WHERE (s.popularity > 0 OR c.orders IS NOT NULL) AND s.popularity <> coalesce(c.orders, 0)
    ORDER BY s.catalog_id, s.sku`);
  return result.rows as PopularityChange[];
}

/**
 * Writes one batch of popularity changes in its own transaction, locking its rows in key order
 * first (so it cannot deadlock with a feed's stock triggers, featured.ts). Answers the rows changed.
 */
export async function writePopularityBatch(db: Database, batch: PopularityChange[]): Promise<number> {
  const catalogIds = batch.map((c) => c.catalog_id);
  const skus = batch.map((c) => c.sku);
  const counts = batch.map((c) => c.popularity);
  return db.transaction(async (tx) => {
    const wanted = sql`SELECT * FROM unnest(${sql.param(catalogIds)}::text[], ${sql.param(skus)}::text[], ${sql.param(counts)}::int[])
      AS w(catalog_id, sku, popularity)`;
    await tx.execute(sql`
      SELECT 1 FROM catalog_search s JOIN (${wanted}) w ON w.catalog_id = s.catalog_id AND w.sku = s.sku
      ORDER BY s.catalog_id, s.sku FOR UPDATE OF s`);
    const result = await tx.execute(sql`
      UPDATE catalog_search s SET popularity = w.popularity
      FROM (${wanted}) w
      WHERE s.catalog_id = w.catalog_id AND s.sku = w.sku AND s.popularity <> w.popularity
      RETURNING s.sku`);
    // Counted from the rows returned: PGlite's answer has no rowCount.
    return result.rows.length;
  });
}

/**
 * Moves the search version of the catalogs, so kept results follow their new popularity, and counts
 * the move as a recount's (drizzle/0033): a search index whose listings, texts and synonyms are still
 * the catalog's then reads the popularity again instead of being built again (search-index-store.ts).
 */
export async function movePopularityVersions(db: Database, catalogIds: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE catalog_search_totals SET version = version + 1, popularity_moves = popularity_moves + 1
    WHERE catalog_id = ANY(${sql.param(catalogIds)}::text[])`);
}

/** The catalog's synonym sets as stored; none for a catalog without a row. */
export async function storedSynonymSets(db: Queryable, catalogId: string): Promise<string[][]> {
  const [row] = (await db.execute(sql`SELECT sets FROM catalog_synonyms WHERE catalog_id = ${catalogId}`)).rows as {
    sets: string[][] | string;
  }[];
  if (!row) return [];
  // jsonb arrives parsed from both drivers; a string would be its text.
  return typeof row.sets === 'string' ? (JSON.parse(row.sets) as string[][]) : row.sets;
}

/**
 * Replaces the catalog's synonym sets and moves its search version in the same statement; sets
 * equal to the stored ones write nothing and leave the version alone.
 */
export async function writeSynonymSets(tx: Queryable, catalogId: string, sets: readonly (readonly string[])[]): Promise<void> {
  await tx.execute(sql`
    WITH changed AS (
      INSERT INTO catalog_synonyms AS s (catalog_id, sets) VALUES (${catalogId}, ${JSON.stringify(sets)}::jsonb)
      ON CONFLICT (catalog_id) DO UPDATE SET sets = excluded.sets WHERE s.sets IS DISTINCT FROM excluded.sets
      RETURNING s.catalog_id
    )
    INSERT INTO catalog_search_totals AS t (catalog_id, products, version)
    SELECT catalog_id, 0, 1 FROM changed
    ON CONFLICT (catalog_id) DO UPDATE SET version = t.version + 1`);
}

/** The catalog's full-text lexemes of three letters or more without digits, with the number of documents holding each. */
export async function vocabularyWords(db: Database, catalogId: string): Promise<{ word: string; documents: number }[]> {
  const result = await db.execute(sql`
    SELECT word, ndoc AS documents
    FROM ts_stat(format('SELECT document FROM catalog_search WHERE catalog_id = %L', ${catalogId}::text))
    WHERE length(word) >= 3 AND word !~ '[0-9]'`);
  return (result.rows as { word: string; documents: number }[]).map((row) => ({ word: row.word, documents: Number(row.documents) }));
}

/**
 * PostgreSQL's own reading of tsquery texts (stemming, stop words, dashed words) as texts, in their
 * order: one prepared statement that reads no table (tsquery-readings.ts).
 */
export async function tsQueriesAsParsed(db: Database, tsQueries: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ q: string }>(
    db,
    sql`SELECT to_tsquery('english', t.text)::text AS q FROM unnest(${sql.param(tsQueries)}::text[]) WITH ORDINALITY AS t(text, n) ORDER BY t.n`,
    { prepared: true },
  );
  return rows.map((row) => row.q);
}
