/**
 * The server process (`npm start` runs the bundle of this file, apps/server/dist/main.js; the e2e
 * server and the process tests run it under tsx): reads the configuration, opens and migrates the
 * database (PostgreSQL: under an advisory lock, so processes started together migrate one at a time),
 * seeds an empty one when configured to, listens, and on SIGTERM/SIGINT shuts down gracefully:
 * stops accepting, lets requests in flight and the outbox worker's batch finish, closes the
 * database and exits; SHUTDOWN_TIMEOUT_MS later it exits (code 1) whatever is left.
 *
 * `--demo` (what `npm start` and `npm run dev` pass) makes demo the mode unless PORTAL_MODE or
 * NODE_ENV=production names another (config.ts).
 */
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { loggableError } from './http/errors.js';
import { seedDemoIfEmpty } from './seed/seed.js';
import { createMailTransport } from './modules/mail/transport.js';
import { startMailWorker } from './modules/mail/worker.js';
import { reconcilePaidCheckouts } from './modules/checkout/completion.js';
import { createPaymentGateway } from './payments/create-gateway.js';

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
let handle: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  handle = await openConfiguredDatabase(config);
} catch (error) {
  // Another server holds DATA_DIR (data-dir-lock.ts): fail fast, its database untouched.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await handle.migrate({
  onWait: () => console.log('Another process is migrating the database; waiting for it (PostgreSQL advisory lock).'),
});
if (config.seedOnStart) await seedDemoIfEmpty(handle.db);

const app = await buildApp({ config, db: handle.db });
// A payment that succeeded while no server ran (or whose completion was lost) still becomes an order;
// in the background, so a slow payment provider does not hold up the start.
void reconcilePaidCheckouts({ db: handle.db, gateway: createPaymentGateway(config, handle.db).gateway }, { log: app.log }).catch((error) =>
  app.log.error({ err: loggableError(error) }, 'checkout reconciliation failed'),
);
// The outbox worker (server-rules "Email"); MAIL_WORKER_INTERVAL_MS=0 leaves sending to other processes.
const mailWorker =
  config.mailWorkerIntervalMs > 0
    ? startMailWorker(handle.db, createMailTransport(handle.db, config), {
        intervalMs: config.mailWorkerIntervalMs,
        from: config.mailFrom,
        onError: (error) => app.log.error({ err: loggableError(error) }, 'mail outbox round failed'),
      })
    : undefined;
if (!config.smtpUrl) {
  app.log.warn(
    config.mode === 'demo'
      ? 'Demo mode without SMTP_URL: email goes to the development mailbox, readable at /dev/mailbox from this machine only'
      : 'SMTP_URL is not set: email is kept in the development mailbox table and not sent',
  );
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) {
    // A second signal (Ctrl-C twice): stop now.
    app.log.warn({ signal }, 'second signal during shutdown; exiting at once');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error({ deadlineMs: config.shutdownTimeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  let code = 0;
  try {
    // app.close() stops accepting connections, closes idle keep-alive ones, answers 503 to new
    // requests on the others and waits for the requests in flight; the worker finishes its batch.
    await Promise.all([app.close(), mailWorker?.stop()]);
    await handle.close();
    app.log.info('shutdown complete');
  } catch (error) {
    app.log.error({ err: loggableError(error) }, 'shutdown failed');
    code = 1;
  }
  clearTimeout(deadline);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Dealer portal on http://localhost:${config.port} (${handle.kind} database)`);
