/**
 * The server process from start to stop (issue 18): health probes, request URLs logged without
 * codes or tokens, and a graceful shutdown on SIGTERM that stops accepting, lets the request in
 * flight finish and exits 0, or exits 1 once SHUTDOWN_TIMEOUT_MS passes with work unfinished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-server-life-'));
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(root, { recursive: true, force: true });
});

/** Starts a server on a free port (PORT=0) and returns it with the port it logged. */
async function startServer(name: string, env: Record<string, string> = {}): Promise<{ server: ServerProcess; port: number }> {
  const server = spawnServer({
    DATA_DIR: path.join(root, name),
    PORT: '0',
    PORTAL_MODE: 'standard',
    SEED_ON_START: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(root, 'no-web'),
    ...env,
  });
  started.push(server);
  const port = await waitForOutput(server, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/).then((m) => Number(m[1]));
  await waitForHealth(server, port, 120_000, '/api/health/ready');
  return { server, port };
}

async function waitForOutput(server: ServerProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const LOGIN_BODY = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password', deviceId: 'server-life-test' });

/** Sends a login request's headers and the first half of its body, keeping the rest for later. */
function startSlowLogin(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  const half = Math.floor(LOGIN_BODY.length / 2);
  socket.write(
    [
      'POST /api/users/session/login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}`,
      'X-XSRF-TOKEN: server-life',
      'Cookie: XSRF-TOKEN=server-life',
      'Connection: close',
      '',
      LOGIN_BODY.slice(0, half),
    ].join('\r\n'),
  );
  return {
    finish: () => socket.write(LOGIN_BODY.slice(half)),
    answer: () => answer,
    closed,
  };
}

describe('the server process', () => {
  it('answers the health probes, logs URLs without codes or tokens, and shuts down gracefully on SIGTERM', async () => {
    const { server, port } = await startServer('graceful', { SHUTDOWN_TIMEOUT_MS: '60000' });

    expect(await (await fetch(`http://127.0.0.1:${port}/api/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(200);

    const code = 'RESETCODE724913';
    const token = 'c2Vzc2lvbi10b2tlbi1mb3ItdGhlLWxvZy10ZXN0LTEyMzQ1';
    await fetch(`http://127.0.0.1:${port}/password/activate?email=a%40b.example&code=${code}`);
    await fetch(`http://127.0.0.1:${port}/api/users/session/refresh?token=${token}`);
    await fetch(`http://127.0.0.1:${port}/api/things/${token}`);
    await waitForOutput(server, /"url":"\/api\/things\/\[redacted\]"/);
    expect(server.output()).toContain('"url":"/password/activate?email=a%40b.example&code=[redacted]"');
    expect(server.output()).not.toContain(code);
    expect(server.output()).not.toContain(token);

    // A request in flight: its headers and half its body are in when SIGTERM arrives.
    const login = startSlowLogin(port);
    await waitForOutput(server, /"url":"\/api\/users\/session\/login"/);
    server.child.kill('SIGTERM');
    await waitForOutput(server, /"msg":"shutting down"/);
    // No new connection is accepted any more.
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    // The rest of the body arrives: the request is answered as usual, then the process exits 0.
    login.finish();
    await login.closed;
    expect(login.answer()).toMatch(/^HTTP\/1\.1 401 /);
    expect(login.answer()).toContain('"messages"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"shutdown complete"');
  }, 240_000);

  it('exits with code 1 once SHUTDOWN_TIMEOUT_MS passes with a request still unfinished', async () => {
    const { server, port } = await startServer('deadline', { SHUTDOWN_TIMEOUT_MS: '1500' });
    const stuck = startSlowLogin(port);
    await waitForOutput(server, /"url":"\/api\/users\/session\/login"/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('shutdown deadline passed');
    expect(stuck.answer()).toBe('');
  }, 240_000);
});
