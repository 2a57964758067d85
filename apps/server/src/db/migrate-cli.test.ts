/**
 * `npm run db:migrate`, the release step (docs/deploy.md): applies every migration, waits for the
 * advisory lock another process holds (PostgreSQL), and answers --help and bad options via parseArgs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { MIGRATION_LOCK_KEY } from './client.js';
import { readJournal } from './migrate-status.js';
import { runOnServer } from '../test-support/test-database.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-cli-'));
const adminUrl = process.env.DATABASE_URL;
const database = `portal_migrate_cli_${process.pid}_${Date.now()}`;

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  if (adminUrl) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

const adminQuery = (statement: string) => runOnServer(adminUrl!, statement);

function runMigrate(env: Record<string, string>, args: string[] = []) {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORTAL_MODE', 'NODE_ENV', 'INIT_CWD']) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/db/migrate-cli.ts'), ...args], {
    env: { ...base, ...env },
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

describe('npm run db:migrate', () => {
  it('answers --help with exit 0 and an unknown option with exit 2', async () => {
    const help = runMigrate({}, ['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('Usage: npm run db:migrate');
    const wrong = runMigrate({}, ['--sideways']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toContain("Unknown option '--sideways'");
  }, 60_000);

  it('migrates the embedded database in DATA_DIR', async () => {
    const run = runMigrate({ DATA_DIR: path.join(root, 'data') });
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Migrations applied (pglite).');
  }, 120_000);

  it.runIf(adminUrl)(
    'migrates an empty PostgreSQL database after waiting for the lock another process holds',
    async () => {
      await adminQuery(`CREATE DATABASE ${database}`);
      const url = databaseUrlWith(adminUrl!, database);
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      const run = runMigrate({ DATABASE_URL: url });
      while (!run.output().includes('waiting')) await new Promise((resolve) => setTimeout(resolve, 50));
      const before = await holder.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      expect(before.rows[0]!.present).toBe(false);
      await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('Migrations applied (postgres).');
      const applied = await holder.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(readJournal().length);
      await holder.end();
    },
    120_000,
  );

  it('exits 1 with a message when the database cannot be reached', async () => {
    const run = runMigrate({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Migrating failed:');
    expect(run.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
