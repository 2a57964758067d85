/**
 * Packages a process may never need are loaded when first used, not at start (decision 025): pdfkit
 * (~25 MB with its font and Unicode tables) with the first PDF, nodemailer (~15 MB) with the first
 * message sent over SMTP, the Stripe SDK (~20 MB) with the Stripe gateway's first call. A child
 * process imports the server's start module (serve.ts, which imports every route and worker) under a
 * loader hook that records each module it loads.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

/** The packages of node_modules the server's modules load as they are imported. */
function packagesLoadedAtStart(): string[] {
  const recorder = `
    let port;
    export async function initialize(data) { port = data.port; }
    export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
  const script = `
    import { register } from 'node:module';
    import { MessageChannel } from 'node:worker_threads';
    const { port1, port2 } = new MessageChannel();
    const urls = [];
    port1.on('message', (url) => urls.push(url));
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(recorder)}), { data: { port: port2 }, transferList: [port2] });
    await import(${JSON.stringify(path.join(REPO_ROOT, 'apps/server/src/serve.ts'))});
    // The hook runs on the loader's thread: its last messages arrive on this one a moment later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const packages = new Set(urls.map((url) => /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1]).filter(Boolean));
    console.log(JSON.stringify([...packages]));
    process.exit(0);`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as string[];
}

describe('packages loaded when first used', () => {
  it('the server starts without pdfkit, nodemailer or the Stripe SDK (and does load its framework and driver)', () => {
    const loaded = packagesLoadedAtStart();
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'pg']));
    expect(loaded).not.toContain('pdfkit');
    expect(loaded).not.toContain('nodemailer');
    expect(loaded).not.toContain('stripe');
  }, 60_000);
});
