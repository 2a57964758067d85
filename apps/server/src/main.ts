/**
 * `npm start`: reads the configuration, opens and migrates the database, seeds an empty one, listens.
 * `--demo` (what `npm start` and `npm run dev` pass) makes demo the mode unless PORTAL_MODE or
 * NODE_ENV=production names another (config.ts).
 */
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

let config: Config;
try {
  config = loadConfig(process.env, process.argv.includes('--demo') ? 'demo' : 'standard');
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
await handle.migrate();
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

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await mailWorker?.stop();
  await handle.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Dealer portal on http://localhost:${config.port} (${handle.kind} database)`);
