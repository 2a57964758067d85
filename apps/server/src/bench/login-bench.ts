/**
 * `npm run bench -- login [options]`: how long a real user's login takes while others flood the
 * calls that run the password hash (issue 31; docs/decisions/015-password-hashing-pool.md).
 *
 * The server runs in its own process with TRUST_PROXY=127.0.0.1, so each request can stand for a
 * client address of its own (`X-Forwarded-For`). The user signs in one login after another from
 * their own address, three times:
 *  1. quiet: nothing else runs;
 *  2. a flood from one address: 40 clients send bogus `secure-challenge/complete` calls and 20 send
 *     bogus `secure-challenge/verify` calls, back to back, each with a fresh email (the issue's case:
 *     before, none was refused and a login took 3.4 s instead of 0.12 s);
 *  3. the same flood from a fresh address per call, so no per-address limit applies and only the
 *     bounded hashing pool stands between the flood and the login.
 * Target: login p95 under a flood at most twice the quiet p95. Reports each phase's login p50/p95,
 * logins refused, and how the flood was answered.
 *
 * Options: --db=<postgres://url | pglite data dir> (default: a fresh embedded database in a
 * temporary folder, seeded with the demo data on start), --logins=60 (per phase), --port=3191.
 * A PostgreSQL database must hold the demo data (an empty one is seeded on start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../config.js';
import { waitForHealth } from './bench-support.js';

const USER = 'buyer@summitlift.example.com';
const PASSWORD = 'Demo-Portal-2026!';
const USER_ADDRESS = '192.0.2.10';
const FLOOD_ADDRESS = '198.51.100.66';
const COMPLETE_CLIENTS = 40;
const VERIFY_CLIENTS = 20;
const TARGET_RATIO = 2;
const XSRF = 'bench-xsrf-token';

type Server = { baseUrl: string; stop(): Promise<void> };

async function startServer(port: number, db: string | undefined): Promise<Server> {
  const tempDir = db ? undefined : mkdtempSync(path.join(os.tmpdir(), 'login-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PORTAL_MODE: 'demo',
    SEED_ON_START: 'true',
    MAIL_WORKER_INTERVAL_MS: '0',
    TRUST_PROXY: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  if (db && /^postgres(ql)?:\/\//.test(db)) env.DATABASE_URL = db;
  else env.DATA_DIR = db ? path.dirname(path.resolve(db)) : tempDir;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    env,
    cwd: path.join(REPO_ROOT, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(child, baseUrl);
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

async function post(baseUrl: string, url: string, address: string, body: unknown): Promise<number> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

type LoginRun = { p50: number; p95: number; max: number; refused: number; count: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `count` logins of the user, one after another, each timed; any answer but 200 counts as refused. */
async function timeLogins(baseUrl: string, count: number): Promise<LoginRun> {
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const status = await post(baseUrl, '/api/users/session/login', USER_ADDRESS, { email: USER, password: PASSWORD, deviceId: 'bench' });
    const elapsed = performance.now() - started;
    if (status === 200) times.push(elapsed);
    else refused++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0, refused, count };
}

let sequence = 0;
/** A distinct address per call: 10.x.y.z from a counter. */
const freshAddress = () => {
  const n = ++sequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Bogus completes and verifies, back to back until stopped; answers how they were answered. */
function flood(baseUrl: string, addressOf: () => string): { stop(): Promise<Map<number, number>> } {
  let running = true;
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const client = (url: string, body: (n: number) => unknown) => async () => {
    while (running) {
      const n = ++sequence;
      try {
        count(await post(baseUrl, url, addressOf(), body(n)));
      } catch {
        count(0);
      }
    }
  };
  const completeBody = (n: number) => ({ email: `flood${n}@example.com`, challenge: 'x'.repeat(43), password: 'Bogus-Passw0rd!' });
  const verifyBody = (n: number) => ({ email: `flood${n}@example.com`, challenge: 'ABCD-EFGH' });
  const clients = [
    ...Array.from({ length: COMPLETE_CLIENTS }, () => client('/api/secure-challenge/complete', completeBody)()),
    ...Array.from({ length: VERIFY_CLIENTS }, () => client('/api/secure-challenge/verify', verifyBody)()),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return statuses;
    },
  };
}

const ms = (value: number) => value.toFixed(0).padStart(6);
const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status === 0 ? 'network error' : status}`)
    .join(', ');

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string' }, logins: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const logins = Number(values.logins ?? 60);
  const port = Number(values.port ?? 3191);
  if (!(logins > 0) || !(port > 0)) throw new Error('--logins and --port must be positive numbers');
  const server = await startServer(port, values.db);
  try {
    const database = values.db
      ? /^postgres/.test(values.db)
        ? `PostgreSQL ${new URL(values.db).host}`
        : `PGlite ${values.db}`
      : 'a fresh PGlite';
    console.log(
      `login bench on ${database}: ${logins} logins per phase, one after another, from the user's address; ` +
        `flood: ${COMPLETE_CLIENTS} clients of bogus completes and ${VERIFY_CLIENTS} of bogus verifies, back to back, a fresh email each call`,
    );
    console.log(
      `server: default hashing pool (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE unset) on ${os.availableParallelism()} cores`,
    );
    // Warm-up: the first logins pay for the decoy hash, prepared statements and JIT.
    await timeLogins(server.baseUrl, 5);

    const quiet = await timeLogins(server.baseUrl, logins);
    const rows: { phase: string; run: LoginRun; flood?: Map<number, number> }[] = [{ phase: 'quiet', run: quiet }];
    for (const [phase, addressOf] of [
      ['flood from one address', () => FLOOD_ADDRESS],
      ['flood from a fresh address per call', freshAddress],
    ] as const) {
      const load = flood(server.baseUrl, addressOf);
      // Let the flood reach its steady state before timing.
      await sleep(1000);
      const measured = await timeLogins(server.baseUrl, logins);
      rows.push({ phase, run: measured, flood: await load.stop() });
    }

    console.log('');
    console.log(`${'phase'.padEnd(36)} | p50 ms | p95 ms | max ms | refused | p95 / quiet p95 | target`);
    console.log('-'.repeat(104));
    for (const { phase, run } of rows) {
      const ratio = quiet.p95 > 0 ? run.p95 / quiet.p95 : 0;
      const verdict = phase === 'quiet' ? '' : ratio <= TARGET_RATIO && run.refused === 0 ? 'ok' : 'MISSED';
      console.log(
        `${phase.padEnd(36)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.max)} | ${String(run.refused).padStart(7)} | ${ratio.toFixed(2).padStart(15)} | ${phase === 'quiet' ? '' : `<= ${TARGET_RATIO}, none refused: ${verdict}`}`,
      );
    }
    console.log('');
    for (const { phase, flood: answers } of rows) if (answers) console.log(`${phase}: flood answered ${describeStatuses(answers)}`);
  } finally {
    await server.stop();
  }
}
