/**
 * The built server (issue 18): the esbuild bundle starts on its own, finds what it reads at run
 * time (migrations, packages left in node_modules such as PGlite and the PDF fonts), seeds and serves the demo; and the build stamp
 * (content hashes, tools/build.mjs) makes a second `npm start` skip building.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, hashInputs, SERVER_ENTRIES, staleParts } from '../../tools/build.mjs';
import { REPO_ROOT } from '../config.js';
import { DEMO_PASSWORD } from '../test-support/test-app.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';

// Inside the repository (so node_modules and the drizzle folder are found as from apps/server/dist).
const outDir = path.join(REPO_ROOT, 'apps/server/dist', `test-build-${process.pid}`);
const root = mkdtempSync(path.join(os.tmpdir(), 'portal-built-server-'));
const started: ServerProcess[] = [];

beforeAll(async () => {
  await buildServer(outDir);
}, 120_000);

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('starts in demo mode on an empty embedded database, migrates, seeds and signs a demo user in', async () => {
    const server = spawnServer(
      { DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(root, 'no-web') },
      ['--demo'],
      { script: path.join(outDir, 'main.js') },
    );
    started.push(server);
    let port = 0;
    for (; port === 0; await new Promise((resolve) => setTimeout(resolve, 100))) {
      port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1] ?? 0);
      if (server.child.exitCode !== null) throw new Error(server.output());
    }
    await waitForHealth(server, port, 120_000, '/api/health/ready');
    const login = await fetch(`http://127.0.0.1:${port}/api/users/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'b', cookie: 'XSRF-TOKEN=b' },
      body: JSON.stringify({ email: 'admin@summitlift.example.com', password: DEMO_PASSWORD, deviceId: 'bundle' }),
    });
    expect(login.status).toBe(200);
    // The order PDF embeds the DejaVu fonts, which pdfkit and the bundle find in node_modules.
    const token = ((await login.json()) as { id: string }).id;
    const pdf = await fetch(`http://127.0.0.1:${port}/api/orders/detail/3910114/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain('DejaVuSans');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);

  it('answers --help and refuses an unknown option (parseArgs)', async () => {
    const help = spawnServer({}, ['--help'], { script: path.join(outDir, 'main.js') });
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('Usage:');
    const wrong = spawnServer({}, ['--no-such-option'], { script: path.join(outDir, 'main.js') });
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toContain("Unknown option '--no-such-option'");
  }, 60_000);
});

describe('the build stamp', () => {
  it('hashes contents, not modification times', () => {
    const dir = path.join(root, 'inputs');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    const first = hashInputs(['src'], dir);
    utimesSync(path.join(dir, 'src/a.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(hashInputs(['src'], dir)).toBe(first);
    writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 2;\n');
    expect(hashInputs(['src'], dir)).not.toBe(first);
    writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(dir, 'src/a.test.ts'), 'tests do not count');
    expect(hashInputs(['src'], dir)).toBe(first);
  });

  it('finds nothing stale when the outputs exist and the hashes match, and the changed part otherwise', () => {
    const webDistDir = path.join(root, 'web-dist');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html>');
    const hashes = { webHash: 'w1', serverHash: 's1', distDir: outDir, webDistDir };
    expect(Object.keys(SERVER_ENTRIES).length).toBeGreaterThan(0);
    expect(staleParts({ stamp: { web: 'w1', server: 's1' }, ...hashes })).toMatchObject({ web: false, server: false });
    expect(staleParts({ stamp: { web: 'w0', server: 's1' }, ...hashes })).toMatchObject({ web: true, server: false });
    expect(staleParts({ stamp: { web: 'w1', server: 's0' }, ...hashes })).toMatchObject({ web: false, server: true });
    expect(staleParts({ stamp: {}, ...hashes })).toMatchObject({ web: true, server: true });
    expect(staleParts({ stamp: { web: 'w1', server: 's1' }, ...hashes, distDir: path.join(root, 'missing') })).toMatchObject({
      server: true,
    });
    rmSync(path.join(webDistDir, 'index.html'));
    expect(staleParts({ stamp: { web: 'w1', server: 's1' }, ...hashes })).toMatchObject({ web: true });
  });
});
