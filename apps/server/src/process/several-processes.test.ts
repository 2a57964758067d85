/**
 * Several server processes on one PostgreSQL database (issue 18; runs only when DATABASE_URL names
 * a PostgreSQL server, on a fresh empty database of its own): two processes started at the same
 * moment both come up, the migrations applied once under the advisory lock (one migrates, the other
 * waits for it); a user signed in through one keeps working through the other; and with both
 * outbox workers running, each mail reaches the SMTP server exactly once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { MIGRATION_LOCK_KEY, openDatabase, type DatabaseHandle } from '../db/client.js';
import { readJournal } from '../db/migrate-status.js';
import { enqueueMail } from '../modules/mail/index.js';
import { seedDatabase } from '../seed/seed.js';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { DEMO_PASSWORD } from '../test-support/test-app.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';
import { runOnServer } from '../test-support/test-database.js';

const adminUrl = process.env.DATABASE_URL;
const database = `portal_processes_${process.pid}_${Date.now()}`;
const started: ServerProcess[] = [];
let smtp: SMTPServer;
let smtpPort: number;
const received: { to: string; subject: string }[] = [];
let handle: DatabaseHandle | undefined;

const admin = (statement: string) => runOnServer(adminUrl!, statement);

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`CREATE DATABASE ${database}`);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (!adminUrl) return;
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await handle?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

async function waitForOutput(server: ServerProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const browser = { 'content-type': 'application/json', 'x-xsrf-token': 'several', cookie: 'XSRF-TOKEN=several' };

describe.runIf(adminUrl)('two server processes on one PostgreSQL database', () => {
  it('start together on an empty database, share sessions and send each mail once', async () => {
    const url = databaseUrlWith(adminUrl!, database);
    // The test holds the migration lock while both start, so both are seen waiting for it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);

    const env = {
      DATABASE_URL: url,
      PORT: '0',
      PORTAL_MODE: 'standard',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_WORKER_INTERVAL_MS: '100',
    };
    const servers = [spawnServer(env), spawnServer(env)];
    started.push(...servers);
    for (const server of servers) await waitForOutput(server, /Another process is migrating the database; waiting/);
    // Waiting on the lock, neither listens yet.
    expect(servers.every((s) => !/Server listening/.test(s.output()))).toBe(true);
    await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await holder.end();

    const ports = await Promise.all(
      servers.map(async (server) => {
        const port = Number((await waitForOutput(server, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
        await waitForHealth(server, port, 120_000, '/api/health/ready');
        return port;
      }),
    );
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];

    // Every migration was applied exactly once.
    handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const applied = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(Number(applied.rows[0]!.n)).toBe(readJournal().length);

    // The demo data, then a sign-in through A and work through B.
    await seedDatabase(handle.db, { size: 'demo' });
    const login = await fetch(`${a}/api/users/session/login`, {
      method: 'POST',
      headers: browser,
      body: JSON.stringify({ email: 'admin@summitlift.example.com', password: DEMO_PASSWORD, deviceId: 'two-processes' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { id: string }).id;
    const auth = { ...browser, authorization: `Bearer ${token}` };
    const session = await fetch(`${b}/api/users/session/refresh`, { headers: auth });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe('admin@summitlift.example.com');
    const users = await fetch(`${b}/api/users`, { headers: auth });
    expect(users.status).toBe(200);
    // Signing out through B ends the session for A too.
    expect((await fetch(`${b}/api/users/session/logout`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${a}/api/users/session/refresh`, { headers: auth })).status).toBe(401);

    // Mail: 40 messages in the outbox while both workers poll; each arrives once.
    const mails = Array.from({ length: 40 }, (_, i) => ({
      dedupeKey: `two-processes-${i}`,
      to: `dealer${i}@example.com`,
      subject: `Message ${i}`,
      text: `Body ${i}`,
    }));
    await enqueueMail(handle.db, mails);
    for (;;) {
      const left = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where dedupe_key like 'two-processes-%' and status <> 'sent'`,
      );
      if (Number(left.rows[0]!.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Both workers stop after their batch: a graceful stop of both leaves nothing in flight.
    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
    const ours = received.filter((r) => r.subject.startsWith('Message '));
    expect(ours).toHaveLength(40);
    expect(new Set(ours.map((r) => `${r.to} ${r.subject}`)).size).toBe(40);
  }, 300_000);
});
