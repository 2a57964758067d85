/**
 * Test-only helpers for PostgreSQL pools (imported by this module's tests, never by the server).
 */
import { openDatabase, type DatabaseHandle } from '../../db/client.js';

type PoolLike = { on(event: 'error', listener: (error: Error & { code?: string }) => void): void; options: { connectionString: string } };

const poolOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: PoolLike }).$client;

/**
 * pg-pool's end() resolves before its connections have closed, and the test database helper then
 * drops the database WITH (FORCE), which terminates those still closing (57P01). An idle client's
 * error is re-emitted by the pool, and an unheard 'error' event would crash the test run. Only that
 * termination is ignored; any other pool error still surfaces.
 */
export function tolerateDropOnClose(handle: DatabaseHandle): DatabaseHandle {
  if (handle.kind !== 'postgres') return handle;
  poolOf(handle).on('error', (error) => {
    if (error.code !== '57P01') throw error;
  });
  return handle;
}

/**
 * A second, independent handle on the same database: on PostgreSQL its own connection pool, as a
 * second server process would have; PGlite is one in-process database, so the same handle.
 */
export async function secondHandleOn(first: DatabaseHandle): Promise<DatabaseHandle> {
  if (first.kind === 'pglite') return { ...first, close: async () => undefined };
  return tolerateDropOnClose(await openDatabase({ kind: 'postgres', url: poolOf(first).options.connectionString, poolSize: 4 }));
}
