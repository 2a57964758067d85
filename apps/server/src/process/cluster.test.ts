/**
 * WEB_CONCURRENCY (issue 32, decision 017). On the embedded database: more than one process is
 * brought down to one with a warning (demo and standard mode) or refused (production mode), and a bad
 * value stops the start with a message. On PostgreSQL (only when DATABASE_URL names a server; a fresh
 * empty database of its own): the real server with WEB_CONCURRENCY=2 migrates and seeds once in the
 * primary, two worker processes answer on one port, a session ended through one worker is refused by
 * the other (which had it in its session cache), the login limit counts attempts made through both,
 * a killed worker is replaced, and SIGTERM stops everything with code 0.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { DEMO_PASSWORD } from '../test-support/test-app.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';
import { runOnServer } from '../test-support/test-database.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
const adminUrl = process.env.DATABASE_URL;
const database = `portal_cluster_${process.pid}_${Date.now()}`;
const started: ServerProcess[] = [];

const admin = (statement: string) => runOnServer(adminUrl!, statement);

beforeAll(async () => {
  if (adminUrl) await admin(`CREATE DATABASE ${database}`);
});

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(root, { recursive: true, force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

function start(env: Record<string, string>): ServerProcess {
  const server = spawnServer({ PORT: '0', SEED_ON_START: 'false', LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(root, 'no-web'), ...env });
  started.push(server);
  return server;
}

async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids that logged a request for `url` (pino puts each process's pid on every line). */
function pidsServing(server: ServerProcess, url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (line.includes(`"url":"${url}"`) && line.includes('"incoming request"')) pids.add(Number(/"pid":(\d+)/.exec(line)![1]));
  }
  return pids;
}

const PRODUCTION = {
  PORTAL_MODE: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://portal.example.com',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('runs one process with a warning in standard mode', async () => {
    const server = start({ DATA_DIR: path.join(root, 'standard'), PORTAL_MODE: 'standard', WEB_CONCURRENCY: '2' });
    // A fresh embedded database (initdb, then every migration) took 91-119 s at load 20 on 2 cores.
    const port = Number((await waitForOutput(server, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 240_000))[1]);
    await waitForHealth(server, port);
    expect(server.output()).toContain(
      'WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only; running one server process',
    );
    expect(server.output()).not.toContain('worker processes');
    expect(server.output().match(/Server listening at/g)).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('refuses to start in production mode, before opening DATA_DIR', async () => {
    const server = start({ ...PRODUCTION, DATA_DIR: path.join(root, 'production'), WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Refusing to start in production mode: WEB_CONCURRENCY=2 needs DATABASE_URL');
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'production'))).toBe(false);
  }, 60_000);

  it('refuses a value that is not a number of processes', async () => {
    const server = start({ DATA_DIR: path.join(root, 'bad'), WEB_CONCURRENCY: 'two' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration: WEB_CONCURRENCY: must be a whole number of server processes from 1 to 64');
  }, 60_000);
});

/** One kept-alive connection, so every request through it reaches the same worker. */
function connection(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}
type Connection = ReturnType<typeof connection>;

/** Opens connections until two reach different workers; returns them with their workers' pids. */
async function connectionsToTwoWorkers(server: ServerProcess, port: number): Promise<{ a: Connection; b: Connection; pids: number[] }> {
  const byPid = new Map<number, Connection>();
  for (let i = 0; i < 10 && byPid.size < 2; i++) {
    const candidate = connection(port);
    const probe = `/api/health/live?probe=connection-${i}`;
    expect((await candidate.send('GET', probe)).status).toBe(200);
    await waitForOutput(server, new RegExp(`"url":"${probe.replace(/[?]/g, '\\?')}"`));
    const [pid] = pidsServing(server, probe);
    if (byPid.has(pid!)) candidate.close();
    else byPid.set(pid!, candidate);
  }
  expect(byPid.size).toBe(2);
  const [[pidA, a], [pidB, b]] = [...byPid.entries()] as [[number, Connection], [number, Connection]];
  return { a, b, pids: [pidA, pidB] };
}

const browser = { 'content-type': 'application/json', 'x-xsrf-token': 'cluster', cookie: 'XSRF-TOKEN=cluster' };
const loginBody = (email: string, password: string) => JSON.stringify({ email, password, deviceId: 'cluster-test' });

describe.runIf(adminUrl)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two workers that share sessions, their ends and the login limit', async () => {
    const server = start({
      DATABASE_URL: databaseUrlWith(adminUrl!, database),
      PORTAL_MODE: 'standard',
      SEED_ON_START: 'true',
      WEB_CONCURRENCY: '2',
      LOGIN_MAX_FAILURES: '2',
    });
    await waitForOutput(server, /"role":"primary".*2 worker processes, postgres database/, 240_000);
    const port = Number((await waitForOutput(server, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    await waitForHealth(server, port, 60_000, '/api/health/ready');
    const { a, b, pids } = await connectionsToTwoWorkers(server, port);
    expect(new Set([...pids, server.child.pid]).size).toBe(3); // two workers, neither the primary

    // Signed in through A; B answers the session (and keeps it in its cache); signed out through A, B refuses it.
    const login = await a.send('POST', '/api/users/session/login', browser, loginBody('admin@summitlift.example.com', DEMO_PASSWORD));
    expect(login.status).toBe(200);
    const auth = { ...browser, authorization: `Bearer ${(JSON.parse(login.body) as { id: string }).id}` };
    expect((await b.send('GET', '/api/users/session/refresh', auth)).status).toBe(200);
    expect((await b.send('GET', '/api/users/session/refresh', auth)).status).toBe(200);
    expect((await a.send('GET', '/api/users/session/logout', auth)).status).toBe(200);
    expect((await b.send('GET', '/api/users/session/refresh', auth)).status).toBe(401);

    // LOGIN_MAX_FAILURES=2 per address and email: the third wrong attempt is refused though A has seen only two.
    const wrong = loginBody('nobody@example.com', 'not-the-password');
    expect((await a.send('POST', '/api/users/session/login', browser, wrong)).status).toBe(401);
    expect((await b.send('POST', '/api/users/session/login', browser, wrong)).status).toBe(401);
    expect((await a.send('POST', '/api/users/session/login', browser, wrong)).status).toBe(429);
    expect((await b.send('POST', '/api/users/session/login', browser, wrong)).status).toBe(429);
    a.close();
    b.close();

    // Migrations and the seed ran once, in the primary (workers never migrate).
    expect(server.output().match(/Server listening at/g)).toHaveLength(2);
    expect(server.output()).not.toContain('Another process is migrating');

    // A killed worker is replaced; SIGTERM then stops the primary and every worker with code 0.
    process.kill(pids[0]!, 'SIGKILL');
    await waitForOutput(server, /a worker exited; starting another/);
    await waitForOutput(server, /(?:Server listening at[\s\S]*){3}/);
    await waitForHealth(server, port, 60_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(pids[1]!)).toBe(false);
  }, 420_000);
});
