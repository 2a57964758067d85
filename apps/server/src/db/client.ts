/**
 * Opens the database: PGlite (PostgreSQL in WASM) in DATA_DIR by default, or a PostgreSQL server
 * when DATABASE_URL is set. Both run the same migrations and the same Drizzle queries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * One type for both drivers. The query builders are identical; only the raw result wrapper differs,
 * and both wrappers carry `rows`, which is all the code reads from `db.execute`.
 */
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts from a dump. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** The PGlite client behind a handle, for dumping a seeded template in tests. */
export function pgliteClientOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}
