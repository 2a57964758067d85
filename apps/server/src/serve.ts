/**
 * One server process's work (main.ts decides which process does what, decision 017): opening and
 * preparing the database (migrations, demo seed), and serving it: the app, its background work and
 * a graceful shutdown. Run by the single process of WEB_CONCURRENCY=1, or by each cluster worker
 * (the primary prepares the database once before forking them; cluster-primary.ts).
 */
import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { loggableError } from './http/errors.js';
import { reconcilePaidCheckouts } from './modules/checkout/index.js';
import { reconcileInvoicePayments } from './modules/account/index.js';
import { createMailTransport, startMailWorker } from './modules/mail/index.js';
import { startWebhookWorker, webhookUrlPolicy } from './modules/webhooks/index.js';
import { createPaymentGateway } from './payments/create-gateway.js';
import { seedDemoIfEmpty } from './seed/seed.js';

/** The configured database; another server holding DATA_DIR (data-dir-lock.ts) ends this process at once, its database untouched. */
export async function openDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Applies the committed migrations (PostgreSQL: under an advisory lock, so processes started
 * together migrate one at a time) and seeds an empty database when SEED_ON_START says so.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Config): Promise<void> {
  await handle.migrate({
    onWait: () => console.log('Another process is migrating the database; waiting for it (PostgreSQL advisory lock).'),
  });
  if (config.seedOnStart) await seedDemoIfEmpty(handle.db);
}

export type ServeOptions = {
  /**
   * Look for paid checkouts that never became orders: the single process, and only the leader
   * cluster worker (completion is exactly-once anyway; one process asking the gateway is enough).
   */
  reconcile: boolean;
};

/**
 * Builds the app on a prepared database, starts its background work and listens; on SIGTERM/SIGINT
 * (a cluster worker: SIGTERM from the primary, or the primary gone) it stops accepting, lets requests
 * in flight and the outbox worker's batch finish, closes the database and exits; SHUTDOWN_TIMEOUT_MS
 * later it exits (code 1) whatever is left.
 */
export async function serve(config: Config, handle: DatabaseHandle, options: ServeOptions): Promise<void> {
  const app = await buildApp({ config, db: handle.db });
  if (options.reconcile) {
    // A payment that succeeded while no server ran (or whose completion was lost) still becomes an order;
    // in the background, so a slow payment provider does not hold up the start.
    void reconcilePaidCheckouts({ db: handle.db, gateway: createPaymentGateway(config, handle.db).gateway }, { log: app.log }).catch(
      (error) => app.log.error({ err: loggableError(error) }, 'checkout reconciliation failed'),
    );
    // The same for invoice payments (issue 36): one that went through is recorded.
    void reconcileInvoicePayments({ db: handle.db, gateway: createPaymentGateway(config, handle.db).gateway }).catch((error) =>
      app.log.error({ err: loggableError(error) }, 'invoice payment reconciliation failed'),
    );
  }
  // The outbox worker (server-rules "Email"); MAIL_WORKER_INTERVAL_MS=0 leaves sending to other processes.
  // Safe in every process: a round claims its rows with FOR UPDATE SKIP LOCKED (mail/worker.ts).
  const mailWorker =
    config.mailWorkerIntervalMs > 0
      ? startMailWorker(handle.db, createMailTransport(handle.db, config), {
          intervalMs: config.mailWorkerIntervalMs,
          from: config.mailFrom,
          onError: (error) => app.log.error({ err: loggableError(error) }, 'mail outbox round failed'),
        })
      : undefined;
  // The webhook delivery worker (decision 019): in every process too, for the same reason.
  const webhookWorker =
    config.webhookWorkerIntervalMs > 0
      ? startWebhookWorker(handle.db, {
          intervalMs: config.webhookWorkerIntervalMs,
          retryBaseMs: config.webhookRetryBaseMs,
          policy: webhookUrlPolicy(config),
          operatorEmail: config.operatorEmail,
          onError: (error) => app.log.error({ err: loggableError(error) }, 'webhook delivery round failed'),
        })
      : undefined;
  if (!config.smtpUrl && !cluster.isWorker) {
    app.log.warn(
      config.mode === 'demo'
        ? 'Demo mode without SMTP_URL: email goes to the development mailbox, readable at /dev/mailbox from this machine only'
        : 'SMTP_URL is not set: email is kept in the development mailbox table and not sent',
    );
  }
  onShutdownSignals(
    app.log,
    async () => {
      // app.close() stops accepting connections, closes idle keep-alive ones, answers 503 to new
      // requests on the others and waits for the requests in flight; the worker finishes its batch.
      await Promise.all([app.close(), mailWorker?.stop(), webhookWorker?.stop()]);
      await handle.close();
    },
    config.shutdownTimeoutMs,
  );
  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) app.log.info(`Dealer portal on http://localhost:${config.port} (${handle.kind} database)`);
}

/**
 * Runs `close` once on the first SIGTERM or SIGINT and exits 0 (1 when it fails or outlives
 * `deadlineMs`); a second signal exits at once. A cluster worker leaves SIGINT (Ctrl-C reaches the
 * whole process group) to its primary, which sends each worker SIGTERM, and stops as well when the
 * primary is gone.
 */
function onShutdownSignals(log: FastifyBaseLogger, close: () => Promise<void>, deadlineMs: number): void {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      // A second signal (Ctrl-C twice): stop now.
      log.warn({ signal }, 'second signal during shutdown; exiting at once');
      process.exit(1);
    }
    shuttingDown = true;
    log.info({ signal, deadlineMs }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, deadlineMs);
    let code = 0;
    try {
      await close();
      log.info('shutdown complete');
    } catch (error) {
      log.error({ err: loggableError(error) }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(deadline);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (cluster.isWorker) {
    process.on('SIGINT', () => {});
    process.on('disconnect', () => {
      if (!shuttingDown) void shutdown('primary gone');
    });
  } else {
    process.on('SIGINT', () => void shutdown('SIGINT'));
  }
}
