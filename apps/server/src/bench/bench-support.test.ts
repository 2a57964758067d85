/**
 * The bench opens the embedded database itself (samples, the feed's setup, SQL ceilings) only under
 * the server's DATA_DIR lock: a server started while it is open refuses, instead of opening the same
 * files, which corrupts them (two PGlite instances on one data directory: the last to close writes
 * a shutdown checkpoint from its own stale view of the WAL).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../db/data-dir-lock.js';
import { spawnServer } from '../process/server-process.js';
import { freePorts } from '../security/checkout-crash-cycles.js';
import { cpuSecondsOf, cpuSecondsOfCommand, openStatementCapture } from './bench-support.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the bench's own handle on the embedded database", () => {
  it('holds the DATA_DIR lock while open, so a server refuses to start beside it, and lets it go on close', async () => {
    const capture = await openStatementCapture({ kind: 'pglite', dataDir: path.join(root, 'pglite') });
    let closed = false;
    try {
      expect(existsSync(path.join(root, LOCK_FILE_NAME))).toBe(true);
      const [port] = await freePorts(1);
      const server = spawnServer({ DATA_DIR: root, SEED_ON_START: 'false', PORTAL_MODE: 'standard', PORT: String(port) });
      expect(await server.exited).not.toBe(0);
      expect(server.output()).toContain(`DATA_DIR ${root} is in use by another server process (pid ${process.pid})`);
      await capture.close();
      closed = true;
      expect(existsSync(path.join(root, LOCK_FILE_NAME))).toBe(false);
    } finally {
      if (!closed) await capture.close();
    }
  }, 120_000);
});

describe('cpuSecondsOf (how the catalog bench sees that a server has finished building its index)', () => {
  it("counts a process's CPU as it works, and nothing for no process or one that has ended", () => {
    const before = cpuSecondsOf([process.pid])!;
    // 300 ms of this process's own CPU, however busy the machine is.
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 300_000);
    expect(cpuSecondsOf([process.pid])! - before).toBeGreaterThanOrEqual(0.25);
    expect(cpuSecondsOf([])).toBe(0);
    expect(cpuSecondsOf([2 ** 22 + 1])).toBe(0);
  });
});

describe("cpuSecondsOfCommand (the 50-client run's CPU of PostgreSQL's processes)", () => {
  it('counts the CPU of every process with that command name, and nothing for a name no process has', () => {
    const ownCommand = readFileSync('/proc/self/comm', 'utf8').trim();
    const before = cpuSecondsOfCommand(ownCommand)!;
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 300_000);
    expect(cpuSecondsOfCommand(ownCommand)! - before).toBeGreaterThanOrEqual(0.25);
    expect(cpuSecondsOfCommand('no-such-command-here')).toBe(0);
  });
});
