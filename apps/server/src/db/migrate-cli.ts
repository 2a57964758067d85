/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (the release
 * step of a deployment, docs/deploy.md). On PostgreSQL it holds the same advisory lock as a starting
 * server (client.ts), so it is safe while servers start or run.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { openConfiguredDatabase } from './open-configured.js';

const USAGE = `Usage: npm run db:migrate
  Applies the committed migrations to the database DATABASE_URL names (else the embedded one in DATA_DIR).`;

try {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    await handle.migrate({ onWait: () => console.log('Another process is migrating the database; waiting for it.') });
  } finally {
    await handle.close();
  }
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : `Migrating failed: ${(error as Error).message}`);
  process.exit(1);
}
