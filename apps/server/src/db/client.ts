/**
 * Opens the database: PGlite (PostgreSQL in WASM) in DATA_DIR by default, or a PostgreSQL server
 * when DATABASE_URL is set. Both run the same migrations and the same Drizzle queries.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../config.js';

/** The committed migrations, read at run time (from the sources under tsx and from the bundle alike). */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');

/**
 * Key of the PostgreSQL advisory lock held while migrating: processes started together against one
 * database migrate one at a time; the others wait, then find nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 7_202_611_018;

export type MigrateOptions = {
  /** Called once when another process holds the migration lock and this one starts waiting for it. */
  onWait?: () => void;
};

/**
 * The extensions the migrations create, loaded into every embedded database: pg_trgm (trigram
 * search) and btree_gin (an organization beside a trigram text in one GIN index, 0029).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * One type for both drivers. The query builders are identical; only the raw result wrapper differs,
 * and both wrappers carry `rows`, which is all the code reads from `db.execute`. No schema is bound:
 * the modules own their tables (modules/<name>/schema.ts) and query them with the SQL-like builder,
 * so the database layer knows no module.
 */
export type Database = NodePgDatabase;

/** What `db.transaction` hands its callback. */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a repository function runs on: the database itself, or a transaction the caller holds. */
export type Queryable = Database | DatabaseTransaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(options?: MigrateOptions): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts from a dump. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // No JIT compilation: every statement here is short, and PostgreSQL compiles by estimated
      // cost, so one misestimate (a catch-up of the search index read 500 rows where the plan
      // guessed 21,000) spent 10-140 ms compiling a statement that ran in 5 (decision 026).
      options: '-c jit=off',
    });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
    const db = drizzlePostgres(pool);
    return {
      db,
      kind: 'postgres',
      migrate: (migrateOptions) => migratePostgresLocked(pool, migrateOptions),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * Applies the migrations while holding the advisory lock, on one connection: the lock is a session
 * lock, so taking it, migrating and releasing it must all happen on the same connection. PGlite needs
 * no lock (one process per DATA_DIR, data-dir-lock.ts).
 */
async function migratePostgresLocked(pool: pg.Pool, options: MigrateOptions = {}): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const attempt = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [MIGRATION_LOCK_KEY]);
    if (!attempt.rows[0]?.locked) {
      options.onWait?.();
      await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed is discarded (its session, and any lock it still held, end with it).
    client.release(broken);
  }
}

/** The driver's client behind a Database: a PostgreSQL pool or the embedded PGlite. */
function driverClientOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

/** The PostgreSQL pool behind a Database, undefined for PGlite. */
export function poolOf(db: Database): pg.Pool | undefined {
  const client = driverClientOf(db);
  return client instanceof pg.Pool ? client : undefined;
}

/** The PGlite client behind a Database, undefined for PostgreSQL. */
export function pgliteOf(db: Database): PGlite | undefined {
  const client = driverClientOf(db);
  return client instanceof PGlite ? client : undefined;
}

/** Resolves once the database answers a trivial question (the health check); rejects when it cannot. */
export async function databaseAnswers(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
