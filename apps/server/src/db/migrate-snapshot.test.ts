/**
 * The drizzle snapshots follow the schema: `drizzle-kit generate` on the unchanged schema (run by
 * tools/db-snapshot.mjs --check into a temporary copy of the drizzle folder, never the real one)
 * generates no migration. After a hand-written migration, `npm run db:snapshot -w apps/server`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { readJournal } from './migrate-status.js';

const drizzleDir = path.join(REPO_ROOT, 'apps/server/drizzle');

describe('drizzle snapshots', () => {
  it('db:generate on the unchanged schema generates no migration', () => {
    const before = readdirSync(drizzleDir).sort();
    const result = spawnSync(process.execPath, ['tools/db-snapshot.mjs', '--check'], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      encoding: 'utf8',
    });
    expect(result.stderr, result.stdout).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('db:generate would generate nothing');
    // The real folder is untouched.
    expect(readdirSync(drizzleDir).sort()).toEqual(before);
  }, 60_000);

  it('has a snapshot for the latest migration in the journal, and every journal entry has its SQL file', () => {
    const journal = readJournal();
    const latest = journal.at(-1)!;
    expect(readdirSync(path.join(drizzleDir, 'meta'))).toContain(`${latest.tag.split('_')[0]}_snapshot.json`);
    const sqlFiles = readdirSync(drizzleDir);
    for (const entry of journal) expect(sqlFiles).toContain(`${entry.tag}.sql`);
  });
});
