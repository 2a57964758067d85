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
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
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
