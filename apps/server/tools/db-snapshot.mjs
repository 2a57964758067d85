#!/usr/bin/env node
/**
 * Drizzle snapshots (`apps/server/drizzle/meta/NNNN_snapshot.json`) are what `drizzle-kit generate`
 * diffs the schema against (every module's `src/modules/<name>/schema.ts` and `src/payments/schema.ts`):
 * it reads the newest one only. Hand-written migrations (written
 * as SQL, with their journal entry added by hand) leave no snapshot, so the next `db:generate` would
 * emit their tables again. After adding such a migration (and its tables in the owning module's schema.ts), run
 *
 *   npm run db:snapshot -w apps/server
 *
 * It runs `drizzle-kit generate` into a temporary copy of the drizzle folder (never the real one),
 * and when that finds schema changes not yet in the newest snapshot, writes the snapshot it produced
 * as the snapshot of the journal's latest migration (`<that tag's number>_snapshot.json`, with a
 * fresh id chained by prevId to the previous snapshot; regenerating the same one keeps its ids).
 * The migration SQL drizzle-kit wrote is thrown away: the committed SQL stays the truth.
 *
 *   npm run db:snapshot -w apps/server -- --check
 *
 * only reports: exit 1, listing what `db:generate` would create, when the snapshot is behind the
 * schema (the test apps/server/src/db/migrate-snapshot.test.ts runs this).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
const DRIZZLE_DIR = path.join(SERVER_DIR, 'drizzle');
const META_DIR = path.join(DRIZZLE_DIR, 'meta');
/** The table definitions, as in drizzle.config.ts: each module's schema.ts and the simulated gateway's. */
const SCHEMA_GLOB = './src/{modules/*,payments}/schema.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(`Usage: npm run db:snapshot -w apps/server [-- --check]
  Regenerates the drizzle snapshot of the journal's latest migration from the modules' schema.ts files,
  so that db:generate on an unchanged schema generates nothing. --check only reports (exit 1 when behind).`);
  process.exit(0);
}

const snapshotFiles = (dir) =>
  readdirSync(dir)
    .filter((f) => /^\d+_snapshot\.json$/.test(f))
    .sort();

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-drizzle-'));
try {
  const copy = path.join(work, 'drizzle');
  cpSync(DRIZZLE_DIR, copy, { recursive: true });
  const before = new Set([...readdirSync(copy), ...readdirSync(path.join(copy, 'meta')).map((f) => `meta/${f}`)]);
  // drizzle-kit numbers what it writes by the journal's length: with a gap in the numbers (a migration
  // number left unused) it overwrites an existing snapshot file instead of adding one.
  const snapshotText = (dir, file) => readFileSync(path.join(dir, 'meta', file), 'utf8');
  const snapshotsBefore = new Map(snapshotFiles(path.join(copy, 'meta')).map((f) => [f, snapshotText(copy, f)]));
  // drizzle-kit prefixes `--out` with "./", so it must be relative to the working directory.
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules/.bin/drizzle-kit'),
    ['generate', '--dialect=postgresql', `--schema=${SCHEMA_GLOB}`, `--out=${path.relative(SERVER_DIR, copy)}`],
    { cwd: SERVER_DIR, encoding: 'utf8' },
  );
  // drizzle-kit reports some failures (two snapshots naming one parent) on its output with exit code 0.
  if (result.status !== 0 || /^Error\b/m.test(`${result.stdout}\n${result.stderr}`)) {
    console.error(`drizzle-kit generate failed:\n${result.stdout}\n${result.stderr}`);
    process.exit(2);
  }
  const created = [...readdirSync(copy), ...readdirSync(path.join(copy, 'meta')).map((f) => `meta/${f}`)].filter(
    (f) =>
      (!before.has(f) && f !== 'meta') ||
      (snapshotsBefore.has(f.slice(5)) && snapshotsBefore.get(f.slice(5)) !== snapshotText(copy, f.slice(5))),
  );
  if (created.length === 0) {
    console.log('The newest snapshot matches the schema: db:generate would generate nothing.');
    process.exit(0);
  }
  if (values.check) {
    const sql = created.filter((f) => f.endsWith('.sql')).map((f) => readFileSync(path.join(copy, f), 'utf8'));
    console.error(`db:generate would create ${created.join(', ')}:\n${sql.join('\n').slice(0, 4000)}`);
    console.error('Run `npm run db:snapshot -w apps/server` after adding a hand-written migration.');
    process.exit(1);
  }

  const generated = created.find((f) => /^meta\/\d+_snapshot\.json$/.test(f));
  if (!generated) throw new Error(`drizzle-kit wrote no snapshot (${created.join(', ')})`);
  const journal = JSON.parse(readFileSync(path.join(META_DIR, '_journal.json'), 'utf8'));
  const latest = journal.entries.at(-1);
  const target = `${latest.tag.split('_')[0]}_snapshot.json`;
  const existing = existsSync(path.join(META_DIR, target)) ? JSON.parse(readFileSync(path.join(META_DIR, target), 'utf8')) : undefined;
  const previousFile = snapshotFiles(META_DIR)
    .filter((f) => f < target)
    .at(-1);
  const previous = previousFile ? JSON.parse(readFileSync(path.join(META_DIR, previousFile), 'utf8')) : undefined;
  const snapshot = JSON.parse(readFileSync(path.join(copy, generated), 'utf8'));
  snapshot.id = existing?.id ?? randomUUID();
  snapshot.prevId = existing?.prevId ?? previous?.id ?? '00000000-0000-0000-0000-000000000000';
  // Newer snapshot files than the target (none, unless the journal was rewound) would shadow it.
  for (const stale of snapshotFiles(META_DIR).filter((f) => f > target)) rmSync(path.join(META_DIR, stale));
  writeFileSync(path.join(META_DIR, target), `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`Wrote drizzle/meta/${target} (the schema as of ${latest.tag}).`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
