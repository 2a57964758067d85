/**
 * The monthly inspection reminder with several server processes (issue 37, decision 021): two real
 * server processes on one PostgreSQL database (a copy of the tests' seeded template), their clocks
 * set to the 1st of next month, both checking every 100 ms from the moment they are up; each
 * organization's reminder is sent by one process only (by their logs) and each of its mails reaches
 * the SMTP server once, though both processes' mail workers deliver from the outbox.
 *
 * PostgreSQL only: the embedded database (PGlite) can be opened by one process only, so two
 * processes cannot share it; without DATABASE_URL the test is skipped. The reminder's rules within
 * one process run on both databases in modules/equipment/equipment.api.test.ts.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { addMonths } from '@portal/domain/rules';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process.js';
import { runOnServer } from '../test-support/test-database.js';

const adminUrl = process.env.DATABASE_URL;
const database = `portal_reminders_${process.pid}_${Date.now()}`;
const started: ServerProcess[] = [];
const received: { to: string; subject: string }[] = [];
let smtp: SMTPServer | undefined;
let handle: DatabaseHandle | undefined;

const admin = (statement: string) => runOnServer(adminUrl!, statement);

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
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
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
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
  if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

async function listeningPort(server: ServerProcess): Promise<number> {
  for (;;) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The organizations a process logged it sent reminders for (its JSON log lines 'inspection reminders sent'). */
function remindersSentIn(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"inspection reminders sent"'))
    .flatMap((line) => (JSON.parse(line) as { organizationIds: number[] }).organizationIds);
}

const count = async (statement: ReturnType<typeof sql>) => Number((await handle!.db.execute<{ n: number }>(statement)).rows[0]!.n);

describe.skipIf(!adminUrl)('the monthly inspection reminder from two server processes (PostgreSQL only: set DATABASE_URL)', () => {
  it('claims each organization once and delivers each reminder mail once', async () => {
    const firstOfNextMonth = `${addMonths(new Date().toISOString().slice(0, 8) + '01', 1)}T06:00:00.000Z`;
    const month = firstOfNextMonth.slice(0, 7);
    const env = {
      DATABASE_URL: databaseUrlWith(adminUrl!, database),
      PORT: '0',
      PORTAL_MODE: 'standard',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${(smtp!.server.address() as AddressInfo).port}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      INSPECTION_REMINDER_CHECK_MS: '100',
      SHIFTED_CLOCK_START: firstOfNextMonth,
    };
    const preload = [path.join(import.meta.dirname, '../test-support/shifted-clock.ts')];
    const servers = [spawnServer(env, [], { preload }), spawnServer(env, [], { preload })];
    started.push(...servers);
    await Promise.all(servers.map(async (server) => waitForHealth(server, await listeningPort(server))));

    handle = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 });
    const due = await count(sql`
      SELECT count(DISTINCT e.organization_id)::int AS n FROM equipment e
      WHERE (coalesce(e.last_inspected_on, e.installed_on) + interval '12 months')::date <= ${firstOfNextMonth.slice(0, 10)}::date + 30`);
    expect(due).toBeGreaterThan(0);
    const reminders = sql`SELECT count(*)::int AS n FROM mail_outbox WHERE dedupe_key LIKE ${`inspection-reminder:%:${month}:%`}`;
    // Every organization claimed, every reminder sent, and both processes checking for a while longer.
    for (;;) {
      const claimed = await count(sql`SELECT count(*)::int AS n FROM inspection_reminder_months WHERE month = ${month}`);
      const unsent = await count(
        sql`SELECT count(*)::int AS n FROM mail_outbox WHERE dedupe_key LIKE ${`inspection-reminder:%`} AND status <> 'sent'`,
      );
      if (claimed === due && unsent === 0 && (await count(reminders)) > 0) break;
      for (const server of servers) if (server.child.exitCode !== null) throw new Error(`a server exited: ${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);

    expect(await count(sql`SELECT count(*)::int AS n FROM inspection_reminder_months WHERE month = ${month}`)).toBe(due);
    // Each organization sent by one process: the claim decided, not the outbox's dedupe key.
    const sentBy = servers.map((server) => remindersSentIn(server.output()));
    expect(sentBy.flat().sort((a, b) => a - b)).toEqual([...new Set(sentBy.flat())].sort((a, b) => a - b));
    expect(sentBy.flat()).toHaveLength(due);
    const outbox = await handle.db.execute<{ to_address: string; subject: string }>(
      sql`SELECT to_address, subject FROM mail_outbox WHERE dedupe_key LIKE ${`inspection-reminder:%:${month}:%`} ORDER BY id`,
    );
    const mails = received.filter((r) => r.subject.startsWith('Inspections due'));
    expect(mails.map((m) => m.to).sort()).toEqual(outbox.rows.map((r) => r.to_address).sort());
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
    // Organization 1's one manager (the admin) got organization 1's reminder once.
    expect(mails.filter((m) => m.to === 'admin@summitlift.example.com')).toHaveLength(1);
  }, 180_000);
});
