/**
 * Paid checkouts whose server is killed (SIGKILL, as `kill -9`) at each step between the payment's
 * success and the order's commit, then restarted and completed again (issue 17). Used by
 * checkout-crash.test.ts (a few cycles in `npm test`) and by `npm run soak` (hundreds).
 *
 * One server process per cycle: cycle k starts the server armed to crash at step k mod 6
 * (modules/checkout/crash-points.ts), first retries the completion the previous cycle's crash cut
 * short (the restarted server's start-up reconciliation may have finished it already: the answer
 * must then be the same order), then pays a new checkout with the simulated gateway's test card and
 * completes it, which kills the server. A last unarmed server retries the last one. Then the
 * database is opened directly: every paid checkout has exactly one order, with all its lines, linked
 * from the checkout, with one confirmation mail per recipient.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { CRASH_STEPS, type CrashStep } from '../modules/checkout/index.js';
import { spawnServer, waitForHealth, type ServerProcess } from '../process/server-process.js';
import { DEMO_BUYER, payCheckout, portalFetch } from '../test-support/checkout-driver.js';

/** `count` distinct ports no process listens on now (the OS's choice), so parallel test files never collide. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export type CrashCycleOptions = {
  cycles: number;
  /** PostgreSQL database (seeded or empty) or, when unset, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  onCycle?: (done: number, step: CrashStep) => void;
};

export type CrashCycleReport = {
  checkouts: number;
  /** Each paid checkout's order count (must all be 1). */
  ordersPerCheckout: Record<string, number>;
  /** Problems found: empty when exactly-once held. */
  problems: string[];
};

type Answer = { status: number; body: unknown };

/** The demo buyer's calls to the server at `port`: `call` answers any status, `ok` only 2xx. */
function client(port: number) {
  let token = '';
  async function call(method: string, url: string, body?: unknown): Promise<Answer> {
    const { status, text } = await portalFetch(port, { method, url, body, token });
    return { status, body: text ? JSON.parse(text) : null };
  }
  async function ok(method: string, url: string, body?: unknown) {
    const answer = await call(method, url, body);
    if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown>;
  }
  return {
    call,
    ok,
    async login() {
      token = (await ok('POST', '/api/users/session/login', { ...DEMO_BUYER, deviceId: 'crash-cycles' })).id as string;
    },
  };
}

/** A paid checkout of two lines, with its shipping details, ready to complete. */
async function paidCheckout(api: ReturnType<typeof client>, cycle: number) {
  const items = [
    { sku: 'PBYAX-0104', quantity: 1 + (cycle % 3) },
    { sku: 'AFGAX-0050', quantity: 1 },
  ];
  const paid = await payCheckout((_step, method, url, body) => api.ok(method, url, body), {
    items,
    purchaseOrderNumber: `PO-CRASH-${cycle}`,
  });
  if (paid.paymentStatus !== 'succeeded') throw new Error(`payment of cycle ${cycle} did not succeed: ${paid.paymentStatus}`);
  return { confirmationNumber: paid.confirmationNumber, lines: items.length };
}

type PaidCheckout = { confirmationNumber: string; lines: number };

/** Completes a checkout whose completion a crash cut short, twice: both answers must be the same order. */
async function retryCompletion(api: ReturnType<typeof client>, pending: PaidCheckout, problems: string[]): Promise<void> {
  const first = await api.call('GET', `/api/checkout/${pending.confirmationNumber}/complete`);
  const second = await api.call('GET', `/api/checkout/${pending.confirmationNumber}/complete`);
  const a = first.body as { documentNumber?: number };
  const b = second.body as { documentNumber?: number };
  if (first.status !== 200 || second.status !== 200 || !a.documentNumber || a.documentNumber !== b.documentNumber) {
    problems.push(
      `retry of ${pending.confirmationNumber}: ${first.status} ${JSON.stringify(first.body)} / ${second.status} ${JSON.stringify(second.body)}`,
    );
  }
}

/** The server processes, one per cycle (the module comment); answers the checkouts paid on the way. */
async function crashCycles(options: CrashCycleOptions, problems: string[]): Promise<PaidCheckout[]> {
  const env = {
    PORTAL_MODE: 'standard',
    SEED_ON_START: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir }),
  };
  const paid: PaidCheckout[] = [];
  let pending: PaidCheckout | undefined;
  let server: ServerProcess | undefined;

  try {
    for (let cycle = 0; cycle <= options.cycles; cycle++) {
      const last = cycle === options.cycles;
      const step = CRASH_STEPS[cycle % CRASH_STEPS.length]!;
      const [port] = (await freePorts(1)) as [number];
      server = spawnServer({ ...env, PORT: String(port), ...(last ? {} : { PORTAL_TEST_CRASH_AT: step }) });
      await waitForHealth(server, port);
      const api = client(port);
      await api.login();
      if (pending) await retryCompletion(api, pending, problems);
      pending = undefined;
      if (last) break;

      const checkout = await paidCheckout(api, cycle);
      paid.push(checkout);
      pending = checkout;
      const answer = await api.call('GET', `/api/checkout/${checkout.confirmationNumber}/complete`).catch((error: Error) => error);
      if (!(answer instanceof Error)) problems.push(`cycle ${cycle} (${step}): the server answered ${answer.status} instead of crashing`);
      await server.exited;
      if (server.child.signalCode !== 'SIGKILL')
        problems.push(`cycle ${cycle} (${step}): the server ended with ${server.child.exitCode}/${server.child.signalCode}`);
      options.onCycle?.(cycle + 1, step);
    }
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  return paid;
}

/** One paid checkout read from the database: one order, all its lines, linked, one confirmation mail per recipient. Answers its order count. */
async function checkCheckout(db: Database, checkout: PaidCheckout, problems: string[]): Promise<number> {
  const found = (
    await db.execute(sql`
          SELECT o.id, o.document_number::text AS document_number,
                 (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines,
                 (SELECT c.order_id FROM checkouts c WHERE c.confirmation_number = o.confirmation_number) AS linked
          FROM orders o WHERE o.confirmation_number = ${checkout.confirmationNumber}`)
  ).rows as { id: number; document_number: string; lines: number; linked: number | null }[];
  if (found.length !== 1) {
    problems.push(`${checkout.confirmationNumber}: ${found.length} orders`);
    return found.length;
  }
  const [order] = found;
  if (order!.lines !== checkout.lines) problems.push(`${checkout.confirmationNumber}: ${order!.lines} lines of ${checkout.lines}`);
  if (Number(order!.linked) !== Number(order!.id)) problems.push(`${checkout.confirmationNumber}: the checkout is not linked to its order`);
  const mails = (
    await db.execute(
      sql`SELECT to_address, count(*)::int AS n FROM mail_outbox WHERE dedupe_key LIKE ${`order-confirmation:${order!.document_number}:%`} GROUP BY to_address`,
    )
  ).rows as { to_address: string; n: number }[];
  if (mails.length === 0 || mails.some((m) => m.n !== 1))
    problems.push(`${checkout.confirmationNumber}: confirmation mails ${JSON.stringify(mails)}`);
  return found.length;
}

/** Exactly once, read from the database itself: each paid checkout's order count. */
async function checkExactlyOnce(options: CrashCycleOptions, paid: PaidCheckout[], problems: string[]): Promise<Record<string, number>> {
  const handle = await openConfiguredDatabase(
    loadConfig(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir }),
  );
  const ordersPerCheckout: Record<string, number> = {};
  try {
    for (const checkout of paid) ordersPerCheckout[checkout.confirmationNumber] = await checkCheckout(handle.db, checkout, problems);
  } finally {
    await handle.close();
  }
  return ordersPerCheckout;
}

export async function runCrashCycles(options: CrashCycleOptions): Promise<CrashCycleReport> {
  const problems: string[] = [];
  const paid = await crashCycles(options, problems);
  const ordersPerCheckout = await checkExactlyOnce(options, paid, problems);
  return { checkouts: paid.length, ordersPerCheckout, problems };
}
