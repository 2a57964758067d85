/**
 * Webhook delivery by real server processes (issue 35), on the embedded database in a DATA_DIR of
 * its own, or on a fresh PostgreSQL database when DATABASE_URL names a server:
 * - a receiver that is down while the server restarts still gets the event afterwards (the queue
 *   is in the database, not in a process);
 * - PostgreSQL only: two server processes delivering from one queue deliver each event once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createSubscription, emitEvent, subscriptionDeliveries, verifyWebhookSignature } from '../modules/webhooks/service.js';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';
import { runOnServer } from '../test-support/test-database.js';

const adminUrl = process.env.DATABASE_URL;
const database = `portal_webhooks_${process.pid}_${Date.now()}`;
let root: string;
const started: ServerProcess[] = [];

const admin = (statement: string) => runOnServer(adminUrl!, statement);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-webhooks-'));
  if (adminUrl) await admin(`CREATE DATABASE ${database}`);
});
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  rmSync(root, { recursive: true, force: true });
});

/** The server's database, opened by the test (PGlite: only while no server runs). */
const openTestDatabase = (): Promise<DatabaseHandle> =>
  adminUrl
    ? openDatabase({ kind: 'postgres', url: databaseUrlWith(adminUrl, database), poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: path.join(root, 'data', 'pglite') });

const serverEnv = () => ({
  ...(adminUrl ? { DATABASE_URL: databaseUrlWith(adminUrl, database) } : { DATA_DIR: path.join(root, 'data') }),
  PORT: '0',
  PORTAL_MODE: 'standard',
  SEED_ON_START: 'false',
  LOG_LEVEL: 'info',
  WEB_DIST_DIR: path.join(root, 'no-web'),
  WEBHOOK_WORKER_INTERVAL_MS: '100',
  WEBHOOK_RETRY_BASE_MS: '300',
});

async function startServer(): Promise<ServerProcess> {
  const server = spawnServer(serverEnv());
  started.push(server);
  for (;;) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
    if (match) {
      await waitForHealth(server, Number(match[1]));
      return server;
    }
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

type Received = { headers: IncomingMessage['headers']; body: string };

function receiverOn(port: number, received: Received[]): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 200;
      response.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhook delivery by server processes', () => {
  it('delivers an event to a receiver that was down while the server restarted', { timeout: 300_000 }, async () => {
    const port = await freePort();
    let handle = await openTestDatabase();
    await handle.migrate();
    const subscription = await createSubscription(
      handle.db,
      { url: `http://127.0.0.1:${port}/events`, events: ['order.created'] },
      { allowInternal: true },
    );
    const eventId = await handle.db.transaction((tx) => emitEvent(tx, 'order.created', { documentNumber: 4242 }));
    if (!adminUrl) await handle.close();

    // Nobody listens on the port: the first server's attempts are refused.
    const first = await startServer();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await stopServer(first);

    const received: Received[] = [];
    const receiver = await receiverOn(port, received);
    try {
      const second = await startServer();
      await until(() => received.length > 0, 60_000, 'the event after the restart');
      await stopServer(second);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.headers['portal-webhook-id']).toBe(eventId);
    expect(JSON.parse(delivery!.body)).toMatchObject({ id: eventId, type: 'order.created', data: { documentNumber: 4242 } });
    expect(
      verifyWebhookSignature(
        subscription.secret,
        String(delivery!.headers['portal-webhook-timestamp']),
        delivery!.body,
        String(delivery!.headers['portal-webhook-signature']),
      ),
    ).toBe(true);

    if (!adminUrl) handle = await openTestDatabase();
    try {
      const [log] = await subscriptionDeliveries(handle.db, subscription.id);
      expect(log!.state).toBe('delivered');
      expect(log!.log.length).toBeGreaterThanOrEqual(2);
      expect(log!.log.slice(0, -1).every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);
      expect(log!.log.at(-1)!.statusCode).toBe(200);
    } finally {
      await handle.close();
    }
  });

  it.runIf(adminUrl)('delivers each event once with two server processes polling one queue', { timeout: 300_000 }, async () => {
    const received: Received[] = [];
    const port = await freePort();
    const receiver = await receiverOn(port, received);
    const handle = await openTestDatabase();
    try {
      const servers = await Promise.all([startServer(), startServer()]);
      await createSubscription(handle.db, { url: `http://127.0.0.1:${port}/two`, events: ['order.shipped'] }, { allowInternal: true });
      for (let i = 0; i < 40; i++) await handle.db.transaction((tx) => emitEvent(tx, 'order.shipped', { n: i }));
      await until(() => received.length >= 40, 60_000, '40 events');
      // A moment more: a second delivery of any event would show up now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await Promise.all(servers.map(stopServer));
      const ids = received.map((r) => r.headers['portal-webhook-id']);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    } finally {
      await handle.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
