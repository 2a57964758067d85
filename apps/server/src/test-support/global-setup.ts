/**
 * Vitest global setup: migrates and seeds one template database per run, so each test file can
 * start from a copy in milliseconds instead of seeding again.
 * - embedded: a PGlite data-directory dump written to a temporary file;
 * - DATABASE_URL set: a PostgreSQL template database, copied with CREATE DATABASE ... TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase, pgliteOf } from '../db/client.js';
import { seedDatabase } from '../seed/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

export function databaseUrlWith(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portal_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrlWith(url, template), poolSize: 2 });
    await handle.migrate();
    await seedDatabase(handle.db, { size: 'demo' });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedDatabase(handle.db, { size: 'demo' });
  const dump = await pgliteOf(handle.db)!.dumpDataDir('none');
  await handle.close();
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
