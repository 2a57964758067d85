/** Starts `main.ts` as its own process, for the tests of how the server starts (modes, DATA_DIR lock). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

export type ServerProcess = {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
};

export function spawnServer(env: Record<string, string>, args: string[] = []): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORTAL_MODE', 'NODE_ENV', 'SMTP_URL', 'PUBLIC_URL', 'INIT_CWD']) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts'), ...args], {
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
export async function waitForHealth(server: ServerProcess, port: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}: ${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no /api/health within ${timeoutMs} ms: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
