#!/usr/bin/env node
/**
 * `npm start`: runs the built server (`apps/server/dist/main.js`), building first only what is
 * missing or stale (build.mjs: content hashes of the inputs against `dist/build-stamp.json`), so a
 * second `npm start` with unchanged sources starts at once. Arguments go to the server (`--demo`).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, DIST_DIR } from './build.mjs';

const built = await buildAll();
console.log(built.length > 0 ? `Built: ${built.join(', ')}.` : 'The build is up to date.');
// The same process runs the server, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown directly.
await import(pathToFileURL(path.join(DIST_DIR, 'main.js')).href);
