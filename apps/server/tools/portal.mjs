#!/usr/bin/env node
/**
 * `npm run portal -- <command>`: runs the built command-line tool (`apps/server/dist/portal.js`,
 * src/cli/portal.ts), bundling the server first only when the bundle is missing or stale
 * (build.mjs, the same content hashes as `npm start`); the web app is not needed here and is not
 * built. Build messages go to stderr, so `npm run -s portal -- export catalog > FILE` writes only CSV.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, DIST_DIR } from './build.mjs';

await buildAll({ serverOnly: true, log: (line) => console.error(line) });
const { runAsProcess } = await import(pathToFileURL(path.join(DIST_DIR, 'portal.js')).href);
await runAsProcess(process.argv.slice(2));
