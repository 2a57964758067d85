/**
 * `npm run bench -- webhooks [--events=500] [--orders=40]`: outbound events (issue 35; decision 019),
 * in one process on a fresh embedded database seeded with the demo data (the app through
 * app.inject, no network between client and server; the receiver is a real HTTP server on
 * 127.0.0.1).
 *  1. Delivery throughput: `--events` events for one subscription, delivered by worker rounds
 *     (batches of 20, in parallel within a batch) to a receiver answering 204 at once: events/s.
 *  2. Order completion (`GET /api/checkout/{n}/complete`, on account) p50/p95 over `--orders`
 *     orders without any subscription, then as many with an order.created subscription active and
 *     its worker delivering meanwhile. Target: p95 with at most 1.10 × p95 without.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createSubscription, emitEvent, deliverDueWebhooks, startWebhookWorker } from '../modules/webhooks/index.js';
import { FEATURED_SHIP_TO, FEATURED_SKUS } from '../seed/featured.js';
import { seedDatabase } from '../seed/seed.js';

const XSRF = 'bench-xsrf';
const NO_CHARGES = { notice: false, residential: false, forklift: false, liftgate: false };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

type DeliverOptions = { retryBaseMs: number; policy: { allowInternal: boolean }; operatorEmail: string };

/** A real HTTP receiver on 127.0.0.1 that answers 204 at once and counts what it received. */
async function startReceiver() {
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`,
    received: () => received,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

/** 1. Throughput: `eventCount` events for one subscription, delivered by worker rounds until all arrived. */
async function measureThroughput(
  db: Database,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  deliver: DeliverOptions,
  eventCount: number,
) {
  await createSubscription(db, { url: receiver.url, events: ['order.status_changed'] }, { allowInternal: true });
  for (let i = 0; i < eventCount; i++) await db.transaction((tx) => emitEvent(tx, 'order.status_changed', { n: i }));
  const started = performance.now();
  while (receiver.received() < eventCount) {
    if ((await deliverDueWebhooks(db, deliver)) === 0) await new Promise((r) => setTimeout(r, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Webhook delivery: ${eventCount} events to a local receiver in ${seconds.toFixed(2)} s = ${Math.round(eventCount / seconds)} events/s`,
  );
}

/** One request through app.inject as the bench's client; anything but 200 stops the bench. */
function clientOf(app: FastifyInstance) {
  return async (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, payload?: object): Promise<LightMyRequestResponse> => {
    const response = await app.inject({
      method,
      url: path,
      payload,
      headers: { 'x-xsrf-token': XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      cookies: { 'XSRF-TOKEN': XSRF },
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response;
  };
}

/** Signs the demo buyer in; returns a function that places order `n` on account and times only its completion (ms). */
async function completionTimer(app: FastifyInstance) {
  const call = clientOf(app);
  const login = await call('POST', '/api/users/session/login', undefined, {
    email: 'buyer@summitlift.example.com',
    password: 'Demo-Portal-2026!',
    deviceId: 'bench',
  });
  const token = (login.json() as { id: string }).id;
  const context = { catalog: 'lifts', branchNumber: 101, shipToState: 'CO' };
  return async (n: number) => {
    const items = [{ sku: FEATURED_SKUS.lifts.smallParcel, quantity: 1 }];
    const priced = (await call('POST', '/api/cart/price', token, { ...context, items, choices: NO_CHARGES })).json() as {
      items: { sku: string; quantity: number; price: number; priceOverride: number | null }[];
      grandTotal: number;
    };
    const created = (
      await call('POST', '/api/checkout', token, {
        ...context,
        email: 'buyer@summitlift.example.com',
        items: priced.items.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price, priceOverride: i.priceOverride })),
        choices: NO_CHARGES,
        grandTotal: priced.grandTotal,
      })
    ).json() as { confirmationNumber: string };
    await call('PUT', '/api/checkout', token, {
      confirmationNumber: created.confirmationNumber,
      shipToAddress: FEATURED_SHIP_TO,
      purchaseOrderNumber: `BENCH-${n}`,
      onAccount: true,
      takenBy: '2',
    });
    const t0 = performance.now();
    await call('GET', `/api/checkout/${created.confirmationNumber}/complete`, token);
    return performance.now() - t0;
  };
}

/** 2. Completion p50/p95 without any subscription, then with order.created subscribed and its worker delivering. */
async function measureCompletion(db: Database, url: string, deliver: DeliverOptions, orderCount: number) {
  const app = await buildApp({ config: testConfig(), db });
  await app.ready();
  const completionMs = await completionTimer(app);
  // Warm-up, then the two phases.
  for (let i = 0; i < 5; i++) await completionMs(-i);
  const without: number[] = [];
  for (let i = 0; i < orderCount; i++) without.push(await completionMs(i));
  await createSubscription(db, { url, events: ['order.created'] }, { allowInternal: true });
  const worker = startWebhookWorker(db, { ...deliver, intervalMs: 100 });
  const withSubscription: number[] = [];
  for (let i = 0; i < orderCount; i++) withSubscription.push(await completionMs(orderCount + i));
  await worker.stop();
  const p95Without = percentile(without, 95);
  const p95With = percentile(withSubscription, 95);
  const ratio = p95With / p95Without;
  console.log(`Order completion over ${orderCount} orders each (ms):`);
  console.log(`  without a subscription        p50 ${percentile(without, 50).toFixed(1)}  p95 ${p95Without.toFixed(1)}`);
  console.log(`  with order.created subscribed p50 ${percentile(withSubscription, 50).toFixed(1)}  p95 ${p95With.toFixed(1)}`);
  console.log(`  p95 ratio ${ratio.toFixed(2)} (target <= 1.10): ${ratio <= 1.1 ? 'met' : 'MISSED'}`);
  return app;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { events: { type: 'string' }, orders: { type: 'string' } } });
  const eventCount = Number(values.events ?? 500);
  const orderCount = Number(values.orders ?? 40);

  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedDatabase(handle.db, { size: 'demo' });
  const db = handle.db;
  const receiver = await startReceiver();
  const deliver = { retryBaseMs: 1000, policy: { allowInternal: true }, operatorEmail: 'ops@example.com' };

  await measureThroughput(db, receiver, deliver, eventCount);
  const app = await measureCompletion(db, receiver.url, deliver, orderCount);

  await app.close();
  await receiver.close();
  await handle.close();
}
