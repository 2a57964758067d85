/**
 * Shared machinery of `npm run bench -- <suite>` (performance.md "Method"):
 *  - the server runs in its own process (as in production), so the load generator does not share
 *    its event loop;
 *  - `measureHttp`: autocannon at a fixed concurrency, warm-up, then several timed rounds; the
 *    median round (by throughput) is reported with its p50/p95/p99 from every response's time;
 *  - `captureStatements`: runs the endpoint's own code path (access check + service) against a
 *    Drizzle instance that records every statement, so the ceiling replays exactly the same SQL;
 *  - `measureSql`: the "SQL ceiling", those statements executed directly by the driver with the
 *    same concurrency, rounds and timing;
 *  - `printComparison`: both side by side and efficiency = endpoint req/s / ceiling req/s.
 * Both engines: PostgreSQL (DATABASE_URL or --db=postgres://...) and PGlite (DATA_DIR or --db=dir).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../config.js';
import { pgliteOf, type Database } from '../db/client.js';
import { openLockedPglite } from '../db/open-configured.js';
import type { Principal } from '../http/principal.js';
import { authenticateSession } from '../modules/auth/index.js';
import { SERVER_NODE_FLAGS } from '../process/node-flags.js';

export type BenchTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export type BenchSettings = {
  target: BenchTarget;
  /** Concurrent connections of the load generator, and of the SQL ceiling. */
  connections: number;
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
  port: number;
};

export type LoadResult = {
  requests: number;
  errors: number;
  /** Completed requests (or statement groups) per second. */
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
};

/** `name`: the endpoint ran it as a named prepared statement; the ceiling does the same. */
export type Statement = { sql: string; params: unknown[]; name?: string };
/** The statements one request runs, in order. */
export type StatementGroup = Statement[];

const USAGE = `options: --db=<postgres://url | pglite data dir> --connections=10 --warmup=3 --duration=10 --rounds=3 --port=3190
The database must hold the M data set: npm run seed -- --size=M (same DATABASE_URL / DATA_DIR).`;

/** Reads `--name=value` options; the database defaults to the configured one (README table). */
export function parseBenchArgs(args: string[]): BenchSettings {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        help: { type: 'boolean', short: 'h' },
        db: { type: 'string' },
        connections: { type: 'string' },
        warmup: { type: 'string' },
        duration: { type: 'string' },
        rounds: { type: 'string' },
        port: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, fallback: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    target: benchTarget(values.db as string | undefined),
    connections: number('connections', 10),
    warmupSeconds: number('warmup', 3),
    roundSeconds: number('duration', 10),
    rounds: number('rounds', 3),
    port: number('port', 3190),
  };
}

/** The arguments with `--connections=<count>` added unless the caller gave one (a suite's own default). */
export function withDefaultConnections(args: string[], count: number): string[] {
  return args.some((a) => a.startsWith('--connections')) ? args : [...args, `--connections=${count}`];
}

/** `--db` as a bench target: a postgres:// URL or a PGlite data directory; the configured database without it. */
export function benchTarget(db: string | undefined): BenchTarget {
  const config = loadConfig();
  if (db) return /^postgres(ql)?:\/\//.test(db) ? { kind: 'postgres', url: db } : { kind: 'pglite', dataDir: path.resolve(db) };
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export function describeTarget(target: BenchTarget): string {
  return target.kind === 'postgres' ? `PostgreSQL ${new URL(target.url).host}${new URL(target.url).pathname}` : `PGlite ${target.dataDir}`;
}

// ---------------------------------------------------------------------------------------------
// Server process

export type BenchServer = {
  baseUrl: string;
  /** The server's processes: its own and its children's (the workers of WEB_CONCURRENCY). */
  pids(): number[];
  /** Resident memory of the server process in MB (Linux /proc), undefined elsewhere. */
  rssMb(): number | undefined;
  stop(): Promise<void>;
};

/** Waits until a started server answers `/api/health` (5 minutes at most: an empty database migrates and seeds first). */
export async function waitForHealth(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer /api/health within 5 minutes');
    }
    await sleep(250);
  }
}

/**
 * The server as `npm start` runs it, and as users meet it: the bundle in apps/server/dist, built
 * first when its sources changed (tools/build.mjs). Its memory is the server's own: through tsx
 * the process also holds the compiler (~50 MB more). BENCH_SERVER=source runs src/main.ts through
 * tsx instead (a CPU profile with the sources' names); BENCH_NODE_ARGS are Node's flags for the
 * server (`--cpu-prof --cpu-prof-dir=/tmp/prof`), after the server's own (process/node-flags.ts).
 */
async function serverCommand(): Promise<string[]> {
  // The flags every start of the server gives node (npm start, the image), then the bench's own.
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  if (process.env.BENCH_SERVER === 'source') return [...nodeArgs, '--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')];
  const build = (await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/tools/build.mjs')).href)) as {
    buildAll(options: { serverOnly: boolean }): Promise<string[]>;
    DIST_DIR: string;
  };
  await build.buildAll({ serverOnly: true });
  return [...nodeArgs, path.join(build.DIST_DIR, 'main.js')];
}

/** `extraEnv`: settings of this start only, such as WEB_CONCURRENCY. */
export async function startServer(
  settings: Pick<BenchSettings, 'target' | 'port'>,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    MAIL_WORKER_INTERVAL_MS: '0',
  };
  if (settings.target.kind === 'postgres') env.DATABASE_URL = settings.target.url;
  else {
    delete env.DATABASE_URL;
    // main.ts opens DATA_DIR/pglite.
    env.DATA_DIR = path.dirname(settings.target.dataDir);
  }
  const child: ChildProcess = spawn(process.execPath, await serverCommand(), {
    env,
    cwd: path.join(REPO_ROOT, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${settings.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await waitForHealth(child, baseUrl);

  return {
    baseUrl,
    pids: () => (child.pid === undefined ? [] : [child.pid, ...childPids(child.pid)]),
    rssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
        return kb ? Math.round(Number(kb) / 1024) : undefined;
      } catch {
        return undefined;
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    },
  };
}

/**
 * The fields of /proc/<pid>/stat after the command in parentheses (which may hold spaces): index 0
 * is field 3 (state), 1 the parent pid, 11 and 12 utime and stime. Undefined when there is no such
 * process (ended, or no /proc).
 */
function procStatFields(pid: number | string): string[] | undefined {
  return procStat(pid)?.fields;
}

/** /proc/<pid>/stat read once: the command name (in parentheses there) and the fields after it. */
function procStat(pid: number | string): { command: string; fields: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return { command: stat.slice(stat.indexOf('(') + 1, end), fields: stat.slice(end + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** utime and stime, in ticks (USER_HZ, 100 a second on Linux). */
const cpuTicksOf = (fields: string[]) => Number(fields[11]) + Number(fields[12]);

/** The pids /proc lists now. */
const processIds = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/**
 * CPU seconds (user and system) the processes have used so far (Linux /proc; undefined elsewhere).
 * A process that has ended counts nothing.
 */
export function cpuSecondsOf(pids: number[]): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of pids) {
    const fields = procStatFields(pid);
    if (fields) ticks += cpuTicksOf(fields);
  }
  // USER_HZ is 100 on Linux.
  return ticks / 100;
}

/**
 * CPU seconds (user and system) used so far by every process whose command name is `command`
 * (`postgres`: the database's backends and helpers), from Linux /proc; undefined elsewhere.
 * Processes that ended in between count nothing, so take it over a window where they stay.
 */
export function cpuSecondsOfCommand(command: string): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of processIds()) {
    const stat = procStat(pid);
    if (stat?.command === command) ticks += cpuTicksOf(stat.fields);
  }
  return ticks / 100;
}

/**
 * VACUUM (ANALYZE) every table whose dead rows are past the database's autovacuum threshold
 * (autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor x its live rows), as autovacuum
 * would have on a served database; PostgreSQL only (PGlite runs no autovacuum). The machines here
 * run PostgreSQL with autovacuum off, so each run's feed left its dead rows to the next: after a few
 * runs the rows read p95 words 25.0, browse 12.0, product 6.3 ms, and 18.8, 8.4 and 4.9 right
 * after a VACUUM (2026-12-07). Answers what it vacuumed, for the report.
 */
export async function vacuumAsAutovacuumWould(target: BenchTarget): Promise<string[]> {
  if (target.kind !== 'postgres') return [];
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; table: string; dead: string }>(`
      SELECT schemaname AS schema, relname AS table, n_dead_tup AS dead FROM pg_stat_user_tables
      WHERE n_dead_tup > current_setting('autovacuum_vacuum_threshold')::int
                         + current_setting('autovacuum_vacuum_scale_factor')::float8 * n_live_tup
      ORDER BY n_dead_tup DESC`);
    for (const row of rows)
      await client.query(`VACUUM (ANALYZE) ${client.escapeIdentifier(row.schema)}.${client.escapeIdentifier(row.table)}`);
    return rows.map((row) => `${row.table} (${Number(row.dead).toLocaleString('en-US')} dead rows)`);
  } finally {
    await client.end();
  }
}

/** The processes whose parent is `pid` (Linux /proc; none elsewhere). */
function childPids(pid: number): number[] {
  try {
    return processIds()
      .filter((name) => Number(procStatFields(name)?.[1]) === pid)
      .map(Number);
  } catch {
    return [];
  }
}

export type BenchSession = { token: string; headers: Record<string, string> };

/** Signs in as a browser would (XSRF cookie + header, bearer token afterwards). */
export async function signIn(baseUrl: string, email: string, password = 'Demo-Portal-2026!'): Promise<BenchSession> {
  const xsrf = 'bench-xsrf-token';
  const base = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const response = await fetch(`${baseUrl}/api/users/session/login`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ email, password, deviceId: 'bench' }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return { token: id, headers: { ...base, authorization: `Bearer ${id}` } };
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    throughput: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Warm-up, then `rounds` rounds; the median round by throughput stands for the run. */
async function medianOfRounds(settings: BenchSettings, round: (seconds: number) => Promise<LoadResult>): Promise<LoadResult> {
  await round(settings.warmupSeconds);
  const results: LoadResult[] = [];
  for (let i = 0; i < settings.rounds; i++) results.push(await round(settings.roundSeconds));
  results.sort((a, b) => a.throughput - b.throughput);
  return results[Math.floor(results.length / 2)]!;
}

export type HttpRequestSpec = { method: 'GET' | 'POST'; path: string; body?: unknown };

/**
 * An endpoint under load: `next(i)` gives the i-th request (vary the SKUs or words so caches do
 * not flatter the result). Any answer other than 2xx counts as an error.
 */
export async function measureHttp(
  baseUrl: string,
  session: BenchSession,
  next: (i: number) => HttpRequestSpec,
  settings: BenchSettings,
): Promise<LoadResult> {
  let counter = 0;
  const round = (seconds: number) =>
    new Promise<LoadResult>((resolve, reject) => {
      const latencies: number[] = [];
      let errors = 0;
      const started = process.hrtime.bigint();
      const instance = autocannon(
        {
          url: baseUrl,
          connections: settings.connections,
          duration: seconds,
          headers: session.headers,
          requests: [
            {
              setupRequest: (request) => {
                const spec = next(counter++);
                return {
                  ...request,
                  method: spec.method,
                  path: spec.path,
                  body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
                };
              },
            },
          ],
        },
        (error) => {
          if (error) return reject(error);
          const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
          resolve(summarize(latencies, errors, elapsed));
        },
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
        else errors++;
      });
      instance.on('reqError', () => errors++);
    });
  return medianOfRounds(settings, round);
}

/** A direct connection to the bench database for the ceiling (no HTTP, no app code). */
export type SqlRunner = { run(group: StatementGroup): Promise<void>; close(): Promise<void> };

export async function openSqlRunner(target: BenchTarget, connections: number): Promise<SqlRunner> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: connections });
    return {
      async run(group) {
        // One connection per request, statements in order, as a request handler uses them.
        const client = await pool.connect();
        try {
          for (const s of group)
            await client.query(s.name ? { name: s.name, text: s.sql, values: s.params } : { text: s.sql, values: s.params });
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { client, close } = await openBenchPglite(target.dataDir);
  return {
    async run(group) {
      for (const s of group) await client.query(s.sql, s.params);
    },
    close,
  };
}

/**
 * The embedded database of a bench run, opened by the bench itself (its samples, the feed's setup,
 * the SQL ceilings) while no server runs on it: under the server's own DATA_DIR lock, so a server
 * started before it is closed refuses to start instead of opening the same files. Two PGlite
 * instances on one data directory corrupt it for good: the one closed last writes a shutdown
 * checkpoint from its own, stale view of the WAL (seen 2026-11-28: the feed's setup stayed open
 * through the rows, and the M set no longer opened after the run).
 */
async function openBenchPglite(dataDir: string): Promise<{ client: PGlite; close(): Promise<void> }> {
  // The bench's target is DATA_DIR/pglite (main.ts opens it from DATA_DIR); the lock is DATA_DIR's.
  const handle = await openLockedPglite(path.dirname(dataDir), dataDir);
  return { client: pgliteOf(handle.db)!, close: handle.close };
}

/**
 * The SQL ceiling: `connections` workers replay statement groups back to back for the same
 * rounds as the endpoint; one group (one request's statements) counts as one request.
 */
export async function measureSql(runner: SqlRunner, groups: StatementGroup[], settings: BenchSettings): Promise<LoadResult> {
  if (groups.length === 0) throw new Error('no statements to replay');
  let counter = 0;
  const round = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(seconds * 1e9));
    const worker = async () => {
      while (process.hrtime.bigint() < deadline) {
        const group = groups[counter++ % groups.length]!;
        const t0 = process.hrtime.bigint();
        try {
          await runner.run(group);
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: settings.connections }, worker));
    return summarize(latencies, errors, Number(process.hrtime.bigint() - started) / 1e9);
  };
  return medianOfRounds(settings, round);
}

// ---------------------------------------------------------------------------------------------
// Capturing the endpoint's SQL

export type StatementCapture = {
  db: Database;
  /** Runs `work` and answers every statement it sent, in order. */
  capture(work: (db: Database) => Promise<unknown>): Promise<StatementGroup>;
  /**
   * The route's statements for a signed-in caller. The caller is loaded before the recording starts:
   * a server answers a caller seen within the last seconds from its session cache (decision 014), so
   * a warm endpoint runs no session statement either.
   */
  captureRequest(token: string, work: (db: Database, principal: Principal) => Promise<unknown>): Promise<StatementGroup>;
  close(): Promise<void>;
};

/**
 * A Drizzle instance over the bench database that records every statement: on PostgreSQL by
 * wrapping the pool's query() (so statements a module sends to the pool itself, such as named
 * prepared ones, are seen too), on PGlite through Drizzle's logger. Run it while the server is
 * stopped for PGlite (one process per data directory).
 */
export async function openStatementCapture(target: BenchTarget): Promise<StatementCapture> {
  let recording: Statement[] | undefined;
  const logger: Logger = {
    logQuery(query, params) {
      recording?.push({ sql: query, params });
    },
  };
  let db: Database;
  let close: () => Promise<void>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (config, values) => {
      if (recording) {
        if (typeof config === 'string') recording.push({ sql: config, params: (values as unknown[]) ?? [] });
        else {
          const c = config as { text: string; values?: unknown[]; name?: string };
          recording.push({ sql: c.text, params: c.values ?? (values as unknown[]) ?? [], ...(c.name ? { name: c.name } : {}) });
        }
      }
      return query(config, values);
    };
    db = drizzlePostgres(pool);
    close = () => pool.end();
  } else {
    const opened = await openBenchPglite(target.dataDir);
    db = drizzlePglite(opened.client, { logger }) as unknown as Database;
    close = opened.close;
  }
  const capture: StatementCapture['capture'] = async (work) => {
    recording = [];
    try {
      await work(db);
      return recording;
    } finally {
      recording = undefined;
    }
  };
  return {
    db,
    capture,
    async captureRequest(token, work) {
      const principal = await authenticateSession(db, token, loadConfig().sessionIdleMinutes);
      if (!principal) throw new Error('the bench session is not valid');
      return capture((database) => work(database, principal));
    },
    close,
  };
}

// ---------------------------------------------------------------------------------------------
// Reporting

export type Comparison = { operation: string; endpoint: LoadResult; ceiling: LoadResult; target?: { p95Ms: number; efficiency: number } };

const ms = (value: number) => `${value.toFixed(1)}`;
const pad = (text: string, width: number) => text.padStart(width);

/** Endpoint beside its SQL ceiling; efficiency = endpoint throughput / ceiling throughput. */
export function printComparison(title: string, rows: Comparison[]): void {
  console.log(`\n${title}`);
  const header = `${'operation'.padEnd(38)} | ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('req/s', 8)} ${pad('err', 4)} | ${pad('SQL p50', 7)} ${pad('SQL p95', 7)} ${pad('SQL/s', 8)} | ${pad('ratio', 6)} | target`;
  console.log(header);
  console.log('-'.repeat(header.length + 12));
  for (const { operation, endpoint, ceiling, target } of rows) {
    const ratio = ceiling.throughput > 0 ? endpoint.throughput / ceiling.throughput : 0;
    const verdict = target
      ? `p95 < ${target.p95Ms} ms ${endpoint.p95 < target.p95Ms ? 'ok' : 'MISSED'}, ratio >= ${Math.round(target.efficiency * 100)}% ${ratio >= target.efficiency ? 'ok' : 'MISSED'}`
      : '';
    console.log(
      `${operation.padEnd(38)} | ${pad(ms(endpoint.p50), 7)} ${pad(ms(endpoint.p95), 7)} ${pad(endpoint.throughput.toFixed(0), 8)} ${pad(String(endpoint.errors), 4)} | ${pad(ms(ceiling.p50), 7)} ${pad(ms(ceiling.p95), 7)} ${pad(ceiling.throughput.toFixed(0), 8)} | ${pad(`${(ratio * 100).toFixed(0)}%`, 6)} | ${verdict}`,
    );
  }
}

/** A deterministic pick from a sample, so two runs ask the same questions. */
export function cycle<T>(items: readonly T[]): (i: number) => T {
  if (items.length === 0) throw new Error('empty sample');
  return (i) => items[i % items.length]!;
}

/** One benchmarked read path of a suite: its HTTP request and the same work through the service code. */
export type BenchOperation<S> = {
  name: string;
  /** performance.md's target on the M set, native PostgreSQL; none for a row shown for comparison only. */
  target?: { p95Ms: number; efficiency: number };
  /**
   * The endpoint's warm-up fills a per-process cache this operation's statements depend on (the
   * product texts a server holds, catalog/product-text-cache.ts): the ceiling then captures the
   * statements of a second call of each sample, as the endpoint runs them after its warm-up.
   */
  primed?: boolean;
  request(i: number, samples: S): HttpRequestSpec;
  /** The same request through the service code, for capturing its statements. */
  run(db: Database, principal: Principal, i: number, samples: S): Promise<unknown>;
};

/**
 * The ceiling half of a suite: captures each operation's statements from the real code path
 * (`sampleCount` variants), then replays them directly with the suite's concurrency.
 * Answers one comparison row per operation and how many statements one request runs.
 */
export async function measureCeilings<S>(
  settings: BenchSettings,
  token: string,
  operations: readonly BenchOperation<S>[],
  samples: S,
  sampleCount: number,
  endpoint: Map<string, LoadResult>,
): Promise<{ rows: Comparison[]; statementsPerRequest: string }> {
  const capture = await openStatementCapture(settings.target);
  const groups = new Map<string, StatementGroup[]>();
  try {
    for (const op of operations) {
      const list: StatementGroup[] = [];
      for (let i = 0; i < sampleCount; i++) {
        if (op.primed) await capture.captureRequest(token, (db, principal) => op.run(db, principal, i, samples));
        list.push(await capture.captureRequest(token, (db, principal) => op.run(db, principal, i, samples)));
      }
      groups.set(op.name, list);
    }
  } finally {
    await capture.close();
  }
  const runner = await openSqlRunner(settings.target, settings.connections);
  const rows: Comparison[] = [];
  try {
    for (const op of operations) {
      process.stdout.write(`  SQL ceiling: ${op.name}...`);
      const ceiling = await measureSql(runner, groups.get(op.name)!, settings);
      console.log(' done');
      rows.push({
        operation: op.name,
        endpoint: endpoint.get(op.name)!,
        ceiling,
        target: op.target && op.target.efficiency > 0 ? op.target : undefined,
      });
    }
  } finally {
    await runner.close();
  }
  const statementsPerRequest = operations.map((op) => `${op.name}: ${groups.get(op.name)![0]!.length}`).join(', ');
  return { rows, statementsPerRequest };
}
