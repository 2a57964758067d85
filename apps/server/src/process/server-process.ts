/**
 * Starts the server as its own process, for the tests of how the server starts, runs and stops
 * (modes, DATA_DIR lock, shutdown, several processes): `main.ts` under tsx, or a built bundle (`script`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../config.js';

export type ServerProcess = {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
};

/** `preload`: modules node imports before the server's own (a test's stand-in clock), after tsx when it runs main.ts. */
export function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  options: { script?: string; preload?: string[] } = {},
): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORTAL_MODE', 'NODE_ENV', 'SMTP_URL', 'PUBLIC_URL', 'INIT_CWD']) delete base[name];
  const preload = (options.preload ?? []).flatMap((file) => ['--import', pathToFileURL(file).href]);
  const command = options.script
    ? [...preload, options.script]
    : ['--import', 'tsx', ...preload, path.join(REPO_ROOT, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, [...command, ...args], {
    env: { ...base, HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAIL_WORKER_INTERVAL_MS: '0', ...env },
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Waits until /api/health answers 200, or fails when the process ends first or after `timeoutMs`. */
export async function waitForHealth(server: ServerProcess, port: number, timeoutMs = 120_000, route = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}: ${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${route}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no ${route} within ${timeoutMs} ms: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
