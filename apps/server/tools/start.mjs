#!/usr/bin/env node
/**
 * `npm start`: runs the built server (`apps/server/dist/main.js`), building first only what is
 * missing or stale (build.mjs: content hashes of the inputs against `dist/build-stamp.json`), so a
 * second `npm start` with unchanged sources starts at once. Arguments go to the server (`--demo`).
 *
 * On a fresh clone the two slow parts are the web build and creating the embedded database (PGlite's
 * initdb writes a new data directory, then the migrations): they run side by side, the database
 * through the release step (dist/migrate-cli.js) while vite builds, so the server then opens a
 * migrated database and only seeds it.
 */
import process from 'node:process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, DIST_DIR, run } from './build.mjs';

/**
 * Only for the embedded database outside production: PostgreSQL is migrated by the release step or
 * by the server under its lock, and a production server refuses bad settings before it touches data.
 * A failure here is left to the server, which migrates again and reports it.
 */
async function prepareEmbeddedDatabase() {
  const production = process.env.PORTAL_MODE === 'production' || process.env.NODE_ENV === 'production';
  if (process.env.DATABASE_URL || production) return;
  await run(process.execPath, [path.join(DIST_DIR, 'migrate-cli.js')], { stdio: 'ignore' });
}

const built = await buildAll({ whileWebBuilds: prepareEmbeddedDatabase });
console.log(built.length > 0 ? `Built: ${built.join(', ')}.` : 'The build is up to date.');
// The same process runs the server, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown directly.
await import(pathToFileURL(path.join(DIST_DIR, 'main.js')).href);
