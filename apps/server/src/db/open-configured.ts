import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { acquireDataDirLock } from './data-dir-lock.js';

/**
 * The database the configuration names: DATABASE_URL, else PGlite in DATA_DIR/pglite, which only
 * one process may open: DATA_DIR is locked first (data-dir-lock.ts, DataDirLockedError when another
 * process holds it) and unlocked when the handle closes.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  return openLockedPglite(config.dataDir, path.join(config.dataDir, 'pglite'));
}

/**
 * PGlite in `pgliteDir` under the lock of `lockDir` (a DATA_DIR), taken before the files are touched
 * and released when the handle closes or the open fails: the server's database, and the bench's own
 * handles on it (bench-support.ts), so neither opens the files while the other has them.
 */
export async function openLockedPglite(lockDir: string, pgliteDir: string): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(lockDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
