/**
 * The server's entry (`npm start` runs the bundle of this file, apps/server/dist/main.js; the e2e
 * server and the process tests run it under tsx): reads the configuration, then
 * - WEB_CONCURRENCY=1 (the default but in production mode): this process opens and migrates the
 *   database (PostgreSQL: under an advisory lock, so processes started together migrate one at a
 *   time), seeds an empty one when configured to, listens, and on SIGTERM/SIGINT shuts down
 *   gracefully (serve.ts);
 * - WEB_CONCURRENCY=N>1 (PostgreSQL only): this process is the cluster's primary: it migrates and
 *   seeds once, then forks N workers sharing the port and looks after them (cluster-primary.ts); each
 *   worker runs this file again and only serves (decision 017).
 *
 * `--demo` (what `npm start` and `npm run dev` pass) makes demo the mode unless PORTAL_MODE or
 * NODE_ENV=production names another (config.ts).
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPrimary } from './cluster-primary.js';
import { loadConfig, type Config } from './config.js';
import { limitHeapGrowth } from './process/heap-growth.js';
import { openDatabaseOrExit, prepareDatabase, serve } from './serve.js';

const USAGE = `Usage: node apps/server/dist/main.js [--demo]
  Starts the portal server (configuration from the environment, README "Configuration").
  --demo   demo mode unless PORTAL_MODE or NODE_ENV=production says otherwise
  --help   this text`;

let demo: boolean;
try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { demo: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  demo = values.demo;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

let config: Config;
try {
  config = loadConfig(process.env, demo ? 'demo' : 'standard');
} catch (error) {
  // Before anything is opened: a production server with demo settings never touches its data.
  console.error((error as Error).message);
  process.exit(1);
}
limitHeapGrowth(config.heapGrowthPercent);

if (cluster.isWorker) {
  // The primary has migrated and seeded; the leader worker alone reconciles paid checkouts.
  const handle = await openDatabaseOrExit(config);
  await serve(config, handle, { reconcile: config.leader });
} else if (config.webConcurrency > 1) {
  await runPrimary(config, { exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
} else {
  for (const warning of config.warnings) console.warn(warning);
  const handle = await openDatabaseOrExit(config);
  await prepareDatabase(handle, config);
  await serve(config, handle, { reconcile: true });
}
