import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './client.js';

/** The database the configuration names: DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}
