/**
 * `npm run seed -- [--size=demo|M] [--scale=0.1] [--force]`: migrates the configured database
 * (DATABASE_URL, else PGlite in DATA_DIR) and seeds it. Refuses a database that already holds data
 * unless --force, which empties every table first.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { seedDatabase } from './seed.js';
import type { SeedSize } from './sizes.js';

type Args = { size: SeedSize; force: boolean; scale: number | undefined };

const USAGE = 'usage: npm run seed -- [--size=demo|M] [--scale=0.1] [--force]';

/** The command line (node:util parseArgs); a bad argument throws with the reason and the usage. */
export function parseSeedArgs(argv: string[]): Args | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { size: { type: 'string' }, scale: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) return 'help';
  const size = values.size ?? 'demo';
  if (size !== 'demo' && size !== 'M') throw new Error(`--size must be demo or M, not "${size}"`);
  let scale: number | undefined;
  if (values.scale !== undefined) {
    scale = Number(values.scale);
    if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be a number in (0, 1]');
  }
  return { size, force: values.force ?? false, scale };
}

async function hasData(db: Database): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT EXISTS (SELECT 1 FROM organizations) OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM orders) AS has`,
  );
  return (result.rows[0] as { has: boolean }).has;
}

/** Empties every application table (not the migration journal) and restarts ids and document numbers. */
async function emptyDatabase(db: Database): Promise<void> {
  const result = await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  const tables = (result.rows as { tablename: string }[]).map((r) => `"public"."${r.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  await db.execute(sql`ALTER SEQUENCE order_document_number_seq RESTART`);
}

async function main() {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    await handle.migrate();
    if (await hasData(handle.db)) {
      if (!args.force) {
        console.error('The database already holds data. Run again with --force to empty it and seed from scratch.');
        process.exitCode = 1;
        return;
      }
      console.log('--force: emptying every table');
      await emptyDatabase(handle.db);
    }
    const label = args.scale ? `${args.size} x ${args.scale}` : args.size;
    console.log(`Seeding the ${label} set into ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`);
    const started = Date.now();
    const summary = await seedDatabase(handle.db, {
      size: args.size,
      scale: args.scale,
      onProgress: (message) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${message}`),
    });
    console.table(Object.entries(summary).map(([what, value]) => ({ what, value })));
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
