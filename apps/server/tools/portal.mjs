#!/usr/bin/env node
/**
 * `npm run portal -- <command>`: runs the built command-line tool (`apps/server/dist/portal.js`,
 * src/cli/portal.ts), bundling the server first only when the bundle is missing or stale
 * (build.mjs, the same content hashes as `npm start`); the web app is not needed here and is not
 * built. Build messages go to stderr, so `npm run -s portal -- export catalog > FILE` writes only CSV.
 * Where the build tools are not installed (an image built with `npm prune --omit=dev`), the
 * existing bundle runs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, DIST_DIR } from './build.mjs';

const bundle = path.join(DIST_DIR, 'portal.js');
try {
  await buildAll({ serverOnly: true, log: (line) => console.error(line) });
} catch (error) {
  const noBuildTools = /** @type {NodeJS.ErrnoException} */ (error).code === 'ERR_MODULE_NOT_FOUND';
  if (!noBuildTools || !existsSync(bundle)) throw error;
  console.error('The build tools are not installed: running the existing bundle.');
}
const { runAsProcess } = await import(pathToFileURL(bundle).href);
await runAsProcess(process.argv.slice(2));
