/**
 * The bench opens the embedded database itself (samples, the feed's setup, SQL ceilings) only under
 * the server's DATA_DIR lock: a server started while it is open refuses, instead of opening the same
 * files, which corrupts them (two PGlite instances on one data directory: the last to close writes
 * a shutdown checkpoint from its own stale view of the WAL).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../db/data-dir-lock.js';
import { spawnServer } from '../process/server-process.js';
import { freePorts } from '../security/checkout-crash-cycles.js';
import pg from 'pg';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { runOnServer } from '../test-support/test-database.js';
import { cpuSecondsOf, cpuSecondsOfCommand, openStatementCapture, vacuumAsAutovacuumWould } from './bench-support.js';

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
    // Compared with this process's own CPU read just before, not with the sum read earlier: other
    // test workers of the same command end meanwhile and take their CPU out of the sum.
    const ownCommand = readFileSync('/proc/self/comm', 'utf8').trim();
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 300_000);
    const own = cpuSecondsOf([process.pid])!;
    expect(own).toBeGreaterThanOrEqual(0.25);
    expect(cpuSecondsOfCommand(ownCommand)!).toBeGreaterThanOrEqual(own);
    expect(cpuSecondsOfCommand('no-such-command-here')).toBe(0);
  });
});

// On PostgreSQL only (DATABASE_URL; a fresh empty database of its own): the machines here run it
// with autovacuum off, and the catalog bench vacuums what autovacuum would have before measuring.
describe.runIf(process.env.DATABASE_URL)('vacuumAsAutovacuumWould', () => {
  // Read in the hooks and tests, not here: the body also runs (and collects nothing) without DATABASE_URL.
  const adminUrl = process.env.DATABASE_URL ?? '';
  const database = `portal_vacuum_${process.pid}_${Date.now()}`;
  const url = () => databaseUrlWith(adminUrl, database);

  beforeAll(() => runOnServer(adminUrl, `CREATE DATABASE ${database}`));
  afterAll(() => runOnServer(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

  it('vacuums the tables whose dead rows are past the autovacuum threshold, reports them, and leaves the others', async () => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    const vacuumCount = async (table: string) =>
      Number((await client.query('SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = $1', [table])).rows[0]?.vacuum_count);
    try {
      await client.query('CREATE TABLE churned (id int); CREATE TABLE barely_touched (id int)');
      await client.query('INSERT INTO churned SELECT generate_series(1, 1000); INSERT INTO barely_touched SELECT generate_series(1, 1000)');
      // 1,000 dead rows of 1,000 (threshold 50 + 20%), and 10 of 1,000.
      await client.query('DELETE FROM churned; DELETE FROM barely_touched WHERE id <= 10');
      await client.query('SELECT pg_stat_force_next_flush()');
      await expect.poll(async () => (await client.query('SELECT sum(n_dead_tup)::int AS n FROM pg_stat_user_tables')).rows[0].n).toBe(1010);

      expect(await vacuumAsAutovacuumWould({ kind: 'postgres', url: url() })).toEqual(['churned (1,000 dead rows)']);
      await expect.poll(() => vacuumCount('churned')).toBe(1);
      expect(await vacuumCount('barely_touched')).toBe(0);
      expect(await vacuumAsAutovacuumWould({ kind: 'postgres', url: url() })).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('does nothing on the embedded database, which runs no autovacuum', async () => {
    expect(await vacuumAsAutovacuumWould({ kind: 'pglite', dataDir: '/nonexistent' })).toEqual([]);
  });
});
