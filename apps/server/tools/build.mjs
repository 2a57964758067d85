#!/usr/bin/env node
/**
 * `npm run build`: builds the web app (`vite build` with its size budget) and bundles the server
 * with esbuild into `apps/server/dist/` (`main.js`, `migrate-cli.js`, `portal.js`: the server, the
 * release step and the command-line tool), then writes the build stamp.
 *
 * - `packages/domain` (TypeScript sources) is bundled into the server; every other package stays
 *   external and is loaded from node_modules at run time, so files those packages read beside
 *   themselves (PGlite's WASM, the DejaVu fonts, ...) are found as they are under tsx. Files of the
 *   repository read at run time (the drizzle migrations, the web build) are located from the
 *   repository root (config.ts REPO_ROOT), which is found the same way from `src/` and `dist/`.
 * - Staleness (start.mjs): a SHA-256 of the *contents* of every input file (not mtimes, which a
 *   fresh clone or a `touch` changes without changing anything), one hash for the web app and one
 *   for the server, kept in `apps/server/dist/build-stamp.json`. A part whose hash matches the stamp
 *   and whose output exists is not built again.
 *
 * Usage: node apps/server/tools/build.mjs [--server-only] [--out=DIR]
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const DIST_DIR = path.join(SERVER_DIR, 'dist');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
export const STAMP_FILE = path.join(DIST_DIR, 'build-stamp.json');

/** Entry points of the server bundle: `src/<path>.ts` becomes `dist/<name>.js`. */
export const SERVER_ENTRIES = { main: 'src/main.ts', 'migrate-cli': 'src/db/migrate-cli.ts', portal: 'src/cli/portal.ts' };

const SKIP_DIRS = new Set(['node_modules', 'dist', 'e2e', 'test-results', '.vite']);

function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** One hash of the named files and folders (their relative paths and contents), in a stable order. */
export function hashInputs(inputs, root = REPO_ROOT) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => {
    const full = path.join(root, input);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const SHARED_INPUTS = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json', 'tsconfig.base.json'];
export const WEB_INPUTS = [
  ...SHARED_INPUTS,
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tools',
  'apps/web/tsconfig.json',
];
export const SERVER_INPUTS = [...SHARED_INPUTS, 'apps/server/src', 'apps/server/package.json', 'apps/server/tools/build.mjs'];

export function readStamp(file = STAMP_FILE) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** Which parts need building: a part is stale when its output is missing or its inputs' hash differs from the stamp. */
export function staleParts({
  stamp = readStamp(),
  webHash = hashInputs(WEB_INPUTS),
  serverHash = hashInputs(SERVER_INPUTS),
  distDir = DIST_DIR,
  webDistDir = WEB_DIST_DIR,
} = {}) {
  return {
    web: !existsSync(path.join(webDistDir, 'index.html')) || stamp.web !== webHash,
    server: Object.keys(SERVER_ENTRIES).some((name) => !existsSync(path.join(distDir, `${name}.js`))) || stamp.server !== serverHash,
    webHash,
    serverHash,
  };
}

/** Runs a command with this process's output; its exit code (the process's own exit code on a signal: 1). */
export function run(command, args, { stdio = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** `vite build` of the web app (with its size budget); exits this process when it fails. */
export async function buildWeb() {
  const code = await run('npm', ['run', 'build', '-w', 'apps/web']);
  if (code !== 0) process.exit(code);
}

/** Bundles the server entries into `outDir` (ESM for Node 20, packages external except @portal/domain). */
export async function buildServer(outDir = DIST_DIR) {
  const { build } = await import('esbuild');
  const manifests = ['package.json', 'apps/server/package.json', 'packages/domain/package.json'].map((f) =>
    JSON.parse(readFileSync(path.join(REPO_ROOT, f), 'utf8')),
  );
  const external = [
    ...new Set(manifests.flatMap((m) => [...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})])),
  ].filter((name) => name !== '@portal/domain');
  mkdirSync(outDir, { recursive: true });
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, entry]) => [name, path.join(SERVER_DIR, entry)])),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // `external: ['pg']` also covers `pg/...` subpaths (drizzle-orm/pglite, @electric-sql/pglite/contrib/...).
    external,
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
}

export function writeStamp(parts, file = STAMP_FILE) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...readStamp(file), ...parts, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

/**
 * Builds what is stale (or everything with `force`) and records the hashes; returns what it built.
 * The server is bundled first (a second or so), so `whileWebBuilds` (npm start: preparing the
 * database with dist/migrate-cli.js) can run on it while the web app builds, the longest part.
 */
export async function buildAll({ force = false, serverOnly = false, log = console.log, whileWebBuilds = async () => {} } = {}) {
  const stale = staleParts();
  const built = [];
  if (force || stale.server) {
    log('Bundling the server...');
    await buildServer();
    writeStamp({ server: stale.serverHash });
    built.push('server');
  }
  if (!serverOnly && (force || stale.web)) {
    log('Building the web app...');
    await Promise.all([buildWeb(), whileWebBuilds()]);
    writeStamp({ web: stale.webHash });
    built.push('web');
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { 'server-only': { type: 'boolean', default: false }, out: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(
      'Usage: node apps/server/tools/build.mjs [--server-only] [--out=DIR]\n  Builds the web app and bundles the server (apps/server/dist).',
    );
  } else if (values.out) {
    await buildServer(path.resolve(values.out));
  } else {
    await buildAll({ force: true, serverOnly: values['server-only'] });
  }
}
