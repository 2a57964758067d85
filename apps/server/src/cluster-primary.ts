/**
 * The primary process of WEB_CONCURRENCY > 1 (docs/decisions/017-several-server-processes.md): it
 * prepares the database once (migrations, demo seed) and closes it, then forks the workers
 * (node:cluster), which share one port: the primary accepts the connections and hands them to the
 * workers in turn. It serves nothing itself.
 *
 * - One worker is the leader (PORTAL_WORKER_DUTY), the others followers; a dead leader's replacement
 *   leads in turn.
 * - A worker that dies while the server runs is replaced after RESTART_DELAY_MS, unless workers keep
 *   dying (more than MAX_DEATHS within DEATH_WINDOW_MS: a crash loop), when the primary stops them
 *   all and exits 1. A worker that dies before it ever listened at start (a port in use, a database
 *   that refuses) stops the start the same way: every worker would fail alike.
 * - SIGTERM or SIGINT: each worker gets SIGTERM and shuts down gracefully (serve.ts); the primary
 *   exits once all have, with 0 when every one exited 0. A second signal, or SHUTDOWN_TIMEOUT_MS
 *   (plus a moment) without the workers gone: SIGKILL to what is left and exit 1.
 */
import cluster, { type Worker } from 'node:cluster';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabaseOrExit, prepareDatabase } from './serve.js';

/** The pause before a dead worker's replacement starts. */
export const RESTART_DELAY_MS = 1_000;
/** More deaths than this within the window is a crash loop: the primary gives up. */
export const MAX_DEATHS = 5;
export const DEATH_WINDOW_MS = 60_000;
/** How much longer than a worker's own shutdown deadline the primary waits for it. */
const SHUTDOWN_MARGIN_MS = 2_000;

/** Counts worker deaths within a sliding window and says when replacing them should stop. */
export class CrashLoopGuard {
  readonly #deaths: number[] = [];

  constructor(
    private readonly maxDeaths = MAX_DEATHS,
    private readonly windowMs = DEATH_WINDOW_MS,
  ) {}

  /** Records a death at `now`; false when it makes more than `maxDeaths` within the window. */
  mayReplace(now = Date.now()): boolean {
    this.#deaths.push(now);
    while (this.#deaths.length > 0 && this.#deaths[0]! <= now - this.windowMs) this.#deaths.shift();
    return this.#deaths.length <= this.maxDeaths;
  }
}

/**
 * What the primary tells a worker it forks (PORTAL_WORKER_DUTY, read by config.ts): the leader also
 * does what one process is enough for (the 'Featured' recount, the reconciliation of paid checkouts).
 */
type WorkerDuty = 'leader' | 'follower';

/** Where the workers start: this module's entry (main.ts, or dist/main.js when bundled) with the same arguments. */
export type WorkerEntry = { exec: string; args: string[] };

export async function runPrimary(config: Config, entry: WorkerEntry): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  // Migrations and the demo seed run here, once, before any worker starts (workers never migrate).
  const handle = await openDatabaseOrExit(config);
  await prepareDatabase(handle, config);
  await handle.close();
  cluster.setupPrimary({ exec: entry.exec, args: entry.args });
  new Supervisor(config, log).start();
}

class Supervisor {
  readonly #guard = new CrashLoopGuard();
  /** Each live worker's duty (config.ts `leader`): one leader, whose replacement leads in turn. */
  readonly #duties = new Map<number, WorkerDuty>();
  /** Workers that have listened at least once, by cluster id. */
  readonly #listened = new Set<number>();
  #everyoneListened = false;
  #stopping = false;
  #exitCode = 0;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
  ) {}

  start(): void {
    cluster.on('listening', (worker) => this.#onListening(worker));
    cluster.on('exit', (worker, code, signal) => this.#onExit(worker, code, signal));
    process.on('SIGTERM', () => this.stop('SIGTERM'));
    process.on('SIGINT', () => this.stop('SIGINT'));
    for (let i = 0; i < this.config.webConcurrency; i++) this.#fork(i === 0 ? 'leader' : 'follower');
  }

  #fork(duty: WorkerDuty): void {
    const worker = cluster.fork({ PORTAL_WORKER_DUTY: duty });
    this.#duties.set(worker.id, duty);
  }

  #onListening(worker: Worker): void {
    this.#listened.add(worker.id);
    if (this.#everyoneListened || this.#listened.size < this.config.webConcurrency) return;
    this.#everyoneListened = true;
    this.log.info(
      { workers: this.config.webConcurrency },
      `Dealer portal on http://localhost:${this.config.port} (${this.config.webConcurrency} worker processes, postgres database)`,
    );
  }

  #onExit(worker: Worker, code: number | null, signal: string | null): void {
    const pid = worker.process.pid;
    const duty = this.#duties.get(worker.id) ?? 'follower';
    this.#duties.delete(worker.id);
    if (this.#stopping) {
      // A worker stopped by our SIGTERM before it set up its shutdown (still starting) had nothing in flight.
      const stoppedWhileStarting = signal === 'SIGTERM' && !this.#listened.has(worker.id);
      if (code !== 0 && !stoppedWhileStarting) this.#exitCode = 1;
      this.#exitWhenAllGone();
      return;
    }
    if (!this.#listened.has(worker.id) && !this.#everyoneListened) {
      this.log.error({ workerPid: pid, code, signal }, 'a worker exited before it listened; stopping the server');
      this.#exitCode = 1;
      this.stop('start failed');
      return;
    }
    if (!this.#guard.mayReplace()) {
      this.log.error(
        { workerPid: pid, code, signal },
        `workers keep dying (more than ${MAX_DEATHS} within ${DEATH_WINDOW_MS / 1000} s); stopping the server`,
      );
      this.#exitCode = 1;
      this.stop('crash loop');
      return;
    }
    this.log.warn({ workerPid: pid, code, signal, duty }, `a worker exited; starting another in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (!this.#stopping) this.#fork(duty);
    }, RESTART_DELAY_MS);
  }

  /** Asks every worker to shut down gracefully; a second call (a second signal) kills them. */
  stop(reason: string): void {
    if (this.#stopping) {
      if (reason === 'SIGTERM' || reason === 'SIGINT') {
        this.log.warn({ signal: reason }, 'second signal during shutdown; killing the workers');
        for (const worker of this.#workers()) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      return;
    }
    this.#stopping = true;
    this.log.info({ reason, deadlineMs: this.config.shutdownTimeoutMs }, 'shutting down the workers');
    for (const worker of this.#workers()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      this.log.error('the workers did not stop in time; killing them');
      for (const worker of this.#workers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, this.config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS).unref();
    this.#exitWhenAllGone();
  }

  #workers(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
  }

  #exitWhenAllGone(): void {
    if (this.#workers().length > 0) return;
    this.log.info({ code: this.#exitCode }, 'shutdown complete');
    process.exit(this.#exitCode);
  }
}
