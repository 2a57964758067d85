/**
 * Whether the database holds every committed migration, for `GET /api/health/ready`: the journal
 * (`drizzle/meta/_journal.json`) against Drizzle's migrations table. Drizzle records each applied
 * migration with `created_at` = its journal entry's `when` and applies those newer than the newest
 * row, so the migrations still to apply are the journal entries newer than that row.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from './client.js';

export type JournalEntry = { idx: number; tag: string; when: number };

export function readJournal(folder: string = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The tags of the journal's migrations not yet applied to `db` (all of them when none ever was). */
export async function pendingMigrations(db: Database, journal: JournalEntry[]): Promise<string[]> {
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0]?.present) return journal.map((e) => e.tag);
  const newest = await db.execute<{ created_at: string | number | null }>(
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  const appliedUpTo = Number(newest.rows[0]?.created_at ?? 0);
  return journal.filter((e) => e.when > appliedUpTo).map((e) => e.tag);
}
