/**
 * `npm run portal -- webhooks ...` (issue 35) in process on a seeded test database, output
 * captured: create prints the secret once, list never shows it, disable, deliveries with their
 * attempts; bad input answers a usage error (exit 2) and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { webhookSubscriptions } from '../modules/webhooks/schema.js';
import { emitEvent, deliverDueWebhooks } from '../modules/webhooks/index.js';
import { runPortal } from '../test-support/portal-cli.js';
import { createTestDatabase } from '../test-support/test-database.js';
import type { CliContext } from './context.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const portal = (argv: string[], mode: CliContext['config']['mode'] = 'demo') => runPortal(argv, async () => handle.db, mode);

const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(webhookSubscriptions))[0]!.n;

describe('portal webhooks', () => {
  it('creates a subscription and prints its secret once; list shows it without the secret', async () => {
    const created = await portal(['webhooks', 'create', 'http://127.0.0.1:9/cli', '--events=order.created,order.shipped']);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.err).toMatch(/^Created webhook (\d+) for order.created, order.shipped to http:\/\/127.0.0.1:9\/cli\./);
    const list = await portal(['webhooks', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^\d+\tenabled\torder.created,order.shipped\thttp:\/\/127.0.0.1:9\/cli\tfailures in a row 0$/m);
    expect(list.out).not.toContain(created.out);
  });

  it('refuses a bad URL, no events or an unknown one (exit 2), and a loopback URL in production (exit 1), creating nothing', async () => {
    const before = await count();
    expect((await portal(['webhooks', 'create', 'ftp://x.example.com/', '--events=order.created'])).code).toBe(2);
    expect((await portal(['webhooks', 'create', 'https://erp.example.com/'])).code).toBe(2);
    const unknown = await portal(['webhooks', 'create', 'https://erp.example.com/', '--events=order.deleted']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('The event type must be one of');
    const loopback = await portal(['webhooks', 'create', 'http://127.0.0.1:9/x', '--events=order.created'], 'production');
    expect(loopback.code).toBe(1);
    expect(loopback.err).toContain('loopback or private network address');
    expect(await count()).toBe(before);
  });

  it('lists deliveries with their attempts, and disables a subscription', async () => {
    const created = await portal(['webhooks', 'create', 'http://127.0.0.1:9/refused', '--events=order.status_changed']);
    const id = Number(/webhook (\d+)/.exec(created.err)![1]);
    await handle.db.transaction((tx) => emitEvent(tx, 'order.status_changed', { documentNumber: 5 }));
    await deliverDueWebhooks(handle.db, { retryBaseMs: 60_000, policy: { allowInternal: true }, operatorEmail: 'ops@example.com' });
    const deliveries = await portal(['webhooks', 'deliveries', String(id)]);
    expect(deliveries.code, deliveries.err).toBe(0);
    expect(deliveries.out).toMatch(/^\d+\torder.status_changed\t[0-9a-f-]{36}\tpending\tattempts 1\tnext /m);
    expect(deliveries.out).toMatch(/^ {2}#1\t\S+\t-\t\d+ ms\t.*ECONNREFUSED/m);

    const disabled = await portal(['webhooks', 'disable', String(id)]);
    expect(disabled).toMatchObject({ code: 0, out: `Disabled webhook ${id}.` });
    const [row] = await handle.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    expect(row!.disabled).toBe(true);
    expect((await portal(['webhooks', 'disable', '99999'])).code).toBe(1);
    expect((await portal(['webhooks', 'deliveries', 'abc'])).code).toBe(2);
    expect((await portal(['webhooks', 'frobnicate'])).code).toBe(2);
    expect((await portal(['webhooks', '--help'])).out).toContain('webhooks create URL --events=a,b');
  });
});
