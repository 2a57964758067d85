/** `npm start`: reads the configuration, opens and migrates the database, seeds an empty one, listens. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { seedDemoIfEmpty } from './seed/seed.js';
import { createMailTransport } from './modules/mail/transport.js';
import { startMailWorker } from './modules/mail/worker.js';
import { reconcilePaidCheckouts } from './modules/checkout/completion.js';
import { createPaymentGateway } from './payments/create-gateway.js';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
await handle.migrate();
if (config.seedOnStart) await seedDemoIfEmpty(handle.db);

const app = await buildApp({ config, db: handle.db });
// A payment that succeeded while no server ran (or whose completion was lost) still becomes an order;
// in the background, so a slow payment provider does not hold up the start.
void reconcilePaidCheckouts({ db: handle.db, gateway: createPaymentGateway(config, handle.db).gateway }, { log: app.log }).catch((error) =>
  app.log.error({ err: error }, 'checkout reconciliation failed'),
);
// The outbox worker (server-rules "Email"); MAIL_WORKER_INTERVAL_MS=0 leaves sending to other processes.
const mailWorker =
  config.mailWorkerIntervalMs > 0
    ? startMailWorker(handle.db, createMailTransport(handle.db, config), {
        intervalMs: config.mailWorkerIntervalMs,
        from: config.mailFrom,
        onError: (error) => app.log.error({ err: error }, 'mail outbox round failed'),
      })
    : undefined;
if (!config.smtpUrl) app.log.warn('SMTP_URL is not set: email goes to the development mailbox, public at /dev/mailbox');

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
