import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { devMailbox, mailOutbox } from './schema.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { DEFAULT_MAIL_FROM } from '../../config.js';
import { enqueueMail, type OutgoingMail } from './outbox.js';
import { createDevMailboxTransport, type MailMessage, type MailTransport } from './transport.js';
import { secondHandleOn, tolerateDropOnClose } from './test-pools.js';
import { deliverDueMail, MAIL_DEFAULTS, retryDelayMs, startMailWorker } from './worker.js';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = tolerateDropOnClose(await createTestDatabase());
  db = handle.db;
});
afterAll(() => handle.close());

/** Records what it was asked to send; `fail(n)` makes the next n sends throw. */
function recordingTransport(options: { delayMs?: number } = {}) {
  const sent: MailMessage[] = [];
  let failures = 0;
  const transport: MailTransport & { sent: MailMessage[]; fail(n: number): void } = {
    kind: 'dev',
    sent,
    fail(n) {
      failures = n;
    },
    async send(mail) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures -= 1;
        throw new Error('451 Temporary failure, try again later');
      }
      sent.push(mail);
    },
  };
  return transport;
}

const mail = (key: string, to = `${key}@dealer.example.com`): OutgoingMail => ({
  dedupeKey: key,
  to,
  subject: `Subject ${key}`,
  text: `Body of ${key}`,
});

const rowOf = async (key: string) => {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
  if (!row) throw new Error(`no outbox row ${key}`);
  return row;
};

/** Seconds from the database's now() until the row is due again. */
const secondsUntilDue = async (key: string) => {
  const { rows } = await db.execute<{ s: number }>(
    sql`select extract(epoch from next_attempt_at - now())::float8 as s from mail_outbox where dedupe_key = ${key}`,
  );
  return Number(rows[0]?.s);
};

/** Lets the back-off elapse without waiting: the row becomes due now. */
const makeDue = (key: string) =>
  db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where dedupe_key = ${key}`);

describe('enqueueMail', () => {
  it('stores a pending message once per dedupe key', async () => {
    await enqueueMail(db, [mail('dedupe-1'), { ...mail('dedupe-1'), subject: 'A second try' }]);
    await enqueueMail(db, [{ ...mail('dedupe-1'), subject: 'A third try' }, mail('dedupe-2')]);
    const rows = await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'dedupe-%'));
    expect(rows.map((r) => [r.dedupeKey, r.subject, r.status, r.attempts])).toEqual([
      ['dedupe-1', 'Subject dedupe-1', 'pending', 0],
      ['dedupe-2', 'Subject dedupe-2', 'pending', 0],
    ]);
    expect(rows[0]).toMatchObject({ toAddress: 'dedupe-1@dealer.example.com', textBody: 'Body of dedupe-1', htmlBody: null });
  });

  it('stores every character as written, and many mails of one call in their order', async () => {
    const awkward = 'Quote " backslash \\ tab \t newline \n unicode \u00e9\u2713 \ud83d\ude9a, a JSON-looking {"a":[1]} and \'single\'';
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...mail(`many-${String(i).padStart(3, '0')}`),
      text: `${awkward} ${i}`,
      html: i % 2 === 0 ? `<p>${awkward}</p>` : undefined,
    }));
    await enqueueMail(db, many);
    const rows = await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'many-%')).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.dedupeKey, r.textBody, r.htmlBody])).toEqual(many.map((m) => [m.dedupeKey, m.text, m.html ?? null]));
    // The worker's tests below deliver whatever is due.
    await db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, 'many-%'));
  });

  it('accepts nothing to send', async () => {
    await expect(enqueueMail(db, [])).resolves.toBeUndefined();
  });

  it('commits and rolls back with the transaction it is given', async () => {
    await db.transaction(async (tx) => {
      await enqueueMail(tx, [mail('tx-committed')]);
    });
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, [mail('tx-rolled-back')]);
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    const keys = (await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'tx-%'))).map((r) => r.dedupeKey);
    expect(keys).toEqual(['tx-committed']);
  });
});

describe('deliverDueMail', () => {
  it('delivers to the development mailbox and marks the rows sent', async () => {
    await deliverDueMail(db, createDevMailboxTransport(db)); // whatever earlier tests left
    await enqueueMail(db, [mail('dev-1'), { ...mail('dev-2'), html: '<p>Body of dev-2</p>' }]);
    const sent = await deliverDueMail(db, createDevMailboxTransport(db), { from: 'Portal <portal@example.com>' });
    expect(sent).toBe(2);
    // The batch is sent in parallel, so the mailbox order is not the outbox order.
    const boxed = await db.select().from(devMailbox).where(like(devMailbox.toAddress, 'dev-%')).orderBy(devMailbox.toAddress);
    expect(boxed.map((m) => [m.toAddress, m.fromAddress, m.subject, m.textBody, m.htmlBody])).toEqual([
      ['dev-1@dealer.example.com', 'Portal <portal@example.com>', 'Subject dev-1', 'Body of dev-1', null],
      ['dev-2@dealer.example.com', 'Portal <portal@example.com>', 'Subject dev-2', 'Body of dev-2', '<p>Body of dev-2</p>'],
    ]);
    const row = await rowOf('dev-1');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Sent is sent: another round sends nothing again.
    expect(await deliverDueMail(db, createDevMailboxTransport(db))).toBe(0);
  });

  it('sends from the default sender when none is given', async () => {
    const transport = recordingTransport();
    await enqueueMail(db, [mail('default-from')]);
    await deliverDueMail(db, transport);
    expect(transport.sent).toEqual([
      { from: DEFAULT_MAIL_FROM, to: 'default-from@dealer.example.com', subject: 'Subject default-from', text: 'Body of default-from' },
    ]);
  });

  it('sends at most batchSize messages per round, oldest first', async () => {
    const transport = recordingTransport();
    await enqueueMail(
      db,
      ['batch-a', 'batch-b', 'batch-c'].map((k) => mail(k)),
    );
    expect(await deliverDueMail(db, transport, { batchSize: 2 })).toBe(2);
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(['Subject batch-a', 'Subject batch-b']);
    expect(await deliverDueMail(db, transport, { batchSize: 2 })).toBe(1);
    expect(transport.sent.map((m) => m.subject)[2]).toBe('Subject batch-c');
  });

  it('retries a failed send with exponential back-off, then sends it', async () => {
    const transport = recordingTransport();
    await enqueueMail(db, [mail('retry')]);

    transport.fail(2);
    expect(await deliverDueMail(db, transport, { retryBaseMs: 60_000 })).toBe(0);
    expect(await rowOf('retry')).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 Temporary failure, try again later' });
    expect(await secondsUntilDue('retry')).toBeCloseTo(60, -1);

    // Not due yet: nothing happens.
    expect(await deliverDueMail(db, transport, { retryBaseMs: 60_000 })).toBe(0);
    expect((await rowOf('retry')).attempts).toBe(1);

    await makeDue('retry');
    expect(await deliverDueMail(db, transport, { retryBaseMs: 60_000 })).toBe(0);
    expect(await rowOf('retry')).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await secondsUntilDue('retry')).toBeCloseTo(120, -1);

    await makeDue('retry');
    expect(await deliverDueMail(db, transport, { retryBaseMs: 60_000 })).toBe(1);
    expect(await rowOf('retry')).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(transport.sent.map((m) => m.subject)).toEqual(['Subject retry']);
  });

  it('gives up after the last attempt', async () => {
    const transport = recordingTransport();
    await enqueueMail(db, [mail('give-up')]);
    transport.fail(100);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await deliverDueMail(db, transport, { maxAttempts: 3 })).toBe(0);
      expect(await rowOf('give-up')).toMatchObject({ attempts: attempt, status: attempt < 3 ? 'pending' : 'failed' });
      await makeDue('give-up');
    }
    transport.fail(0);
    expect(await deliverDueMail(db, transport, { maxAttempts: 3 })).toBe(0);
    expect(await rowOf('give-up')).toMatchObject({ status: 'failed', attempts: 3, lastError: '451 Temporary failure, try again later' });
    expect(transport.sent).toEqual([]);
  });

  it('takes over a message whose sender stopped mid-send once the lease expires, and fails it on its last attempt', async () => {
    const transport = recordingTransport();
    await enqueueMail(db, [mail('abandoned'), mail('abandoned-last')]);
    // As a worker that claimed both and died: 'sending', lease expired.
    await db.execute(sql`update mail_outbox set status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 second'
      where dedupe_key = 'abandoned'`);
    await db.execute(sql`update mail_outbox set status = 'sending', attempts = ${MAIL_DEFAULTS.maxAttempts},
      next_attempt_at = now() - interval '1 second' where dedupe_key = 'abandoned-last'`);
    expect(await deliverDueMail(db, transport)).toBe(1);
    expect(await rowOf('abandoned')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await rowOf('abandoned-last')).toMatchObject({
      status: 'failed',
      lastError: 'The worker sending this message stopped before it finished.',
    });
    expect(transport.sent.map((m) => m.subject)).toEqual(['Subject abandoned']);
  });

  it('leaves a claimed message alone while its lease runs', async () => {
    const slow = recordingTransport({ delayMs: 150 });
    const other = recordingTransport();
    await enqueueMail(db, [mail('leased')]);
    const first = deliverDueMail(db, slow);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first round has claimed it and is sending
    expect(await deliverDueMail(db, other)).toBe(0);
    expect(await first).toBe(1);
    expect(other.sent).toEqual([]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('several workers at once', () => {
  it('send each message exactly once', async () => {
    await deliverDueMail(db, createDevMailboxTransport(db)); // nothing else due
    const keys = Array.from({ length: 60 }, (_, i) => `race-${i}`);
    await enqueueMail(
      db,
      keys.map((k) => mail(k)),
    );
    const second = await secondHandleOn(handle);
    const transports = [recordingTransport({ delayMs: 3 }), recordingTransport({ delayMs: 3 })];
    const pendingCount = async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where dedupe_key like 'race-%' and status <> 'sent'`,
      );
      return Number(rows[0]?.n);
    };
    const drain = async (on: Database, transport: MailTransport) => {
      for (;;) {
        const sent = await deliverDueMail(on, transport, { batchSize: 7 });
        if (sent === 0 && (await pendingCount()) === 0) return;
        if (sent === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    try {
      // Two loops per handle: concurrent claims on one pool and across two pools.
      await Promise.all([
        drain(db, transports[0]!),
        drain(db, transports[0]!),
        drain(second.db, transports[1]!),
        drain(second.db, transports[1]!),
      ]);
    } finally {
      await second.close();
    }
    const subjects = transports.flatMap((t) => t.sent.map((m) => m.subject));
    expect(subjects).toHaveLength(60);
    expect(new Set(subjects).size).toBe(60);
    const rows = await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'race-%'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('skip, without waiting, a row another process holds locked', async () => {
    await enqueueMail(db, [mail('held'), mail('free')]);
    const transport = recordingTransport();
    if (handle.kind === 'pglite') {
      // One embedded connection cannot hold a lock while another statement runs: claims are serial.
      expect(await deliverDueMail(db, transport)).toBe(2);
      return;
    }
    const second = await secondHandleOn(handle);
    try {
      await second.db.transaction(async (tx) => {
        // Another process in the middle of claiming 'held'.
        await tx.execute(sql`select id from mail_outbox where dedupe_key = 'held' for update`);
        expect(await deliverDueMail(db, transport)).toBe(1);
      });
    } finally {
      await second.close();
    }
    expect(transport.sent.map((m) => m.subject)).toEqual(['Subject free']);
    expect(await deliverDueMail(db, transport)).toBe(1);
    expect(transport.sent.map((m) => m.subject)).toEqual(['Subject free', 'Subject held']);
  });
});

describe('startMailWorker', () => {
  it('sends what is enqueued while it runs, and stop() waits for the round in progress', async () => {
    await deliverDueMail(db, createDevMailboxTransport(db));
    const transport = recordingTransport({ delayMs: 20 });
    const worker = startMailWorker(db, transport, { intervalMs: 25, from: 'Worker <worker@example.com>' });
    try {
      await enqueueMail(db, [mail('worker-1'), mail('worker-2')]);
      await expect.poll(() => transport.sent.length, { timeout: 5000, interval: 20 }).toBe(2);
    } finally {
      await worker.stop();
    }
    expect(transport.sent.map((m) => [m.from, m.subject]).sort()).toEqual([
      ['Worker <worker@example.com>', 'Subject worker-1'],
      ['Worker <worker@example.com>', 'Subject worker-2'],
    ]);
    // Stopped: nothing more is sent.
    await enqueueMail(db, [mail('after-stop')]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent).toHaveLength(2);
    expect((await rowOf('after-stop')).status).toBe('pending');
  });

  it('reports a failed round and keeps running', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const transport = recordingTransport();
    // A database that fails its first query, then works: the worker must survive the first round.
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: Parameters<Database['execute']>) => {
            calls += 1;
            if (calls === 1) return Promise.reject(new Error('connection reset'));
            return target.execute(...args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    await enqueueMail(db, [mail('after-error')]);
    const worker = startMailWorker(flaky, transport, { intervalMs: 20, from: 'W <w@example.com>', onError: (e) => errors.push(e) });
    try {
      await expect.poll(() => transport.sent.map((m) => m.subject), { timeout: 5000, interval: 20 }).toContain('Subject after-error');
    } finally {
      await worker.stop();
    }
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('connection reset');
  });
});
