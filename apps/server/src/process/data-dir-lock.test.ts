/**
 * Two servers on one DATA_DIR (issue 17, finding 3): the second refuses before touching the
 * embedded database, the first keeps answering; a lock left by a dead process is taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../db/data-dir-lock.js';
import { freePorts } from '../security/checkout-crash-cycles.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-data-dir-lock-'));
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  rmSync(root, { recursive: true, force: true });
});

/** A pid that surely runs no process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('a second server on the same DATA_DIR', () => {
  it('exits non-zero naming the directory and the pid, and the first still answers', async () => {
    const ports = await freePorts(7);
    const port = ports[0]!;
    const dataDir = path.join(root, 'shared');
    const env = { DATA_DIR: dataDir, SEED_ON_START: 'false', PORTAL_MODE: 'standard' };
    const first = spawnServer({ ...env, PORT: String(port) });
    started.push(first);
    await waitForHealth(first, port);

    const second = spawnServer({ ...env, PORT: String(ports[1]!) });
    started.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another server process (pid ${first.child.pid})`);
    expect(second.output()).not.toMatch(/\n\s+at /);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // A clean stop releases the lock, and the data opens again.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const third = spawnServer({ ...env, PORT: String(ports[2]!) });
    started.push(third);
    await waitForHealth(third, ports[2]!);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);
});

describe('acquireDataDirLock', () => {
  it('takes over a lock whose process is dead', async () => {
    const dataDir = path.join(root, 'stale');
    mkdirSync(dataDir, { recursive: true });
    const pid = deadPid();
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid, hostname: os.hostname() }));
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    const dataDir = path.join(root, 'garbage');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), 'not json');
    const lock = acquireDataDirLock(dataDir);
    lock.release();
  });

  it('refuses while a live process holds it', () => {
    const dataDir = path.join(root, 'live');
    mkdirSync(dataDir, { recursive: true });
    // The parent of this test process runs as long as the test does.
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, hostname: os.hostname() }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`pid ${process.ppid}`);
  });

  it('takes over a stale lock when the server starts', async () => {
    const ports = await freePorts(7);
    const dataDir = path.join(root, 'stale-start');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), hostname: os.hostname() }));
    const server = spawnServer({ DATA_DIR: dataDir, SEED_ON_START: 'false', PORTAL_MODE: 'standard', PORT: String(ports[3]!) });
    started.push(server);
    await waitForHealth(server, ports[3]!);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(server.child.pid);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});

describe('the first server killed with SIGKILL', () => {
  /** A wrong password: its failure is claimed in login_limits (one row written through the API). */
  const wrongLogin = (at: number) =>
    fetch(`http://127.0.0.1:${at}/api/users/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=lock-test', 'x-xsrf-token': 'lock-test' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'wrong-password', deviceId: 'lock-test' }),
    });

  it('leaves its committed data to the next server, which takes over the lock, while a second start still refuses', async () => {
    const ports = await freePorts(7);
    const dataDir = path.join(root, 'crash');
    const env = { DATA_DIR: dataDir, SEED_ON_START: 'false', PORTAL_MODE: 'standard', LOGIN_MAX_FAILURES: '3' };
    const first = spawnServer({ ...env, PORT: String(ports[4]!) });
    started.push(first);
    await waitForHealth(first, ports[4]!);
    // Three failures reach the limit: the fourth attempt answers 429 because the rows exist.
    for (let i = 0; i < 3; i++) expect((await wrongLogin(ports[4]!)).status).toBe(401);
    expect((await wrongLogin(ports[4]!)).status).toBe(429);

    // A second server refuses while the first runs, before opening the database.
    const second = spawnServer({ ...env, PORT: String(ports[5]!) });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another server process (pid ${first.child.pid})`);
    expect(second.output()).not.toMatch(/PANIC|checkpoint/i);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    // The dead server's lock is still there; the next start takes it over and opens the data.
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    const restarted = spawnServer({ ...env, PORT: String(ports[6]!) });
    started.push(restarted);
    await waitForHealth(restarted, ports[6]!);
    expect(restarted.output()).not.toMatch(/PANIC|could not locate a valid checkpoint/i);
    // The failures written before the crash are still counted.
    expect((await wrongLogin(ports[6]!)).status).toBe(429);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 240_000);
});
