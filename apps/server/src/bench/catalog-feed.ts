/**
 * A manufacturer's feed beside the catalog bench's reads (issue 32, performance.md "Targets"): every
 * 2 s 500 stock rows (some to 0, back the next time), every 10 s 1,000 prices of the catalog's price
 * list, and one order a second. All of it goes through the server under test as its clients do: the
 * integration API's imports (`PUT /api/integration/stock`, `PUT /api/integration/price-lists/{id}`)
 * with an API key made for the run, and orders through the cart and the checkout on account, so
 * the writes move the same revisions and caches real ones do.
 */
import { FEATURED_SHIP_TO } from '../seed/featured.js';
import { randomInt, pick, type Random } from './catalog-queries.js';
import type { BenchSession } from './bench-support.js';

export type FeedData = {
  /** Stock rows to move: (sku, warehouse) pairs of the catalog, with their quantity at the start. */
  stock: { sku: string; warehouse: string; quantity: number }[];
  priceListId: number;
  /** The catalog's prices at the start, in dollars. */
  prices: { sku: string; price: number }[];
  catalog: string;
  branchNumber: number;
};

export type FeedCounts = { stockRows: number; priceRows: number; orders: number; failures: Map<string, number> };

const STOCK_EVERY_MS = 2000;
const STOCK_ROWS = 500;
const PRICES_EVERY_MS = 10_000;
const PRICE_ROWS = 1000;
const ORDER_EVERY_MS = 1000;
/** Orders may overlap (a checkout takes longer than a second on a loaded server), stock and price imports may not. */
const IN_FLIGHT: Record<string, number> = { stock: 1, prices: 1, order: 4 };

export type Feed = { counts: FeedCounts; stop(): Promise<FeedCounts> };

/** Sends one JSON call; throws with the status unless it is a 2xx. */
async function send(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url.split('?')[0]}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** 500 stock rows: the ones set to 0 last time come back, a tenth of the others go to 0. */
function stockBatch(data: FeedData, random: Random, zeroed: Set<number>) {
  const rows: { sku: string; warehouse: string; quantity: number }[] = [];
  const restored = [...zeroed].slice(0, STOCK_ROWS / 2);
  for (const index of restored) {
    zeroed.delete(index);
    rows.push({ ...data.stock[index]!, quantity: Math.max(1, data.stock[index]!.quantity) });
  }
  const taken = new Set(restored);
  while (rows.length < Math.min(STOCK_ROWS, data.stock.length)) {
    const index = randomInt(random, 0, data.stock.length - 1);
    if (taken.has(index)) continue;
    taken.add(index);
    const toZero = random() < 0.1;
    if (toZero) zeroed.add(index);
    const row = data.stock[index]!;
    rows.push({ sku: row.sku, warehouse: row.warehouse, quantity: toZero ? 0 : randomInt(random, 1, 60) });
  }
  return rows;
}

/** 1,000 distinct SKUs' prices moved up to 5% from where they started, in dollars with two decimals (an import refuses a SKU twice). */
function priceBatch(data: FeedData, random: Random) {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(PRICE_ROWS, data.prices.length)) chosen.add(randomInt(random, 0, data.prices.length - 1));
  return [...chosen].map((index) => {
    const row = data.prices[index]!;
    return { sku: row.sku, price: Math.max(0.01, Math.round(row.price * (0.95 + random() * 0.1) * 100) / 100) };
  });
}

const NO_CHARGES = { notice: false, residential: false, forklift: false, liftgate: false };

/** One order on account, through the cart pricing and the checkout as the web app places it. */
async function placeOrder(baseUrl: string, session: BenchSession, data: FeedData, random: Random, n: number): Promise<void> {
  const items = Array.from({ length: randomInt(random, 1, 3) }, () => ({
    sku: pick(random, data.prices).sku,
    quantity: randomInt(random, 1, 2),
  }));
  const context = { catalog: data.catalog, branchNumber: data.branchNumber, shipToState: 'CO' };
  const priced = (await send(baseUrl, 'POST', '/api/cart/price', session.headers, { ...context, items, choices: NO_CHARGES })) as {
    items: { sku: string; quantity: number; price: number; priceOverride: number | null }[];
    grandTotal: number;
  };
  const created = (await send(baseUrl, 'POST', '/api/checkout', session.headers, {
    ...context,
    items: priced.items.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price, priceOverride: i.priceOverride })),
    choices: NO_CHARGES,
    flatbedConfirmed: true,
    grandTotal: priced.grandTotal,
  })) as { confirmationNumber: string };
  await send(baseUrl, 'PUT', '/api/checkout', session.headers, {
    confirmationNumber: created.confirmationNumber,
    shipToAddress: FEATURED_SHIP_TO,
    purchaseOrderNumber: `BENCH-${n}`,
    onAccount: true,
  });
  await send(baseUrl, 'GET', `/api/checkout/${created.confirmationNumber}/complete`, session.headers);
}

/**
 * Starts the feed: each kind on its own clock; a write still running when its next turn comes is
 * not doubled (the turn is skipped and counted as a failure to keep pace).
 */
export function startFeed(baseUrl: string, apiKey: string, session: BenchSession, data: FeedData, random: Random): Feed {
  const counts: FeedCounts = { stockRows: 0, priceRows: 0, orders: 0, failures: new Map() };
  const fail = (what: string): void => {
    counts.failures.set(what, (counts.failures.get(what) ?? 0) + 1);
  };
  const integration = { authorization: `Bearer ${apiKey}` };
  const zeroed = new Set<number>();
  const running = new Set<Promise<void>>();
  const busy = new Map<string, number>();
  const every = (what: string, ms: number, work: () => Promise<void>) =>
    setInterval(() => {
      if ((busy.get(what) ?? 0) >= (IN_FLIGHT[what] ?? 1)) return fail(`${what}: turn skipped, the earlier ones still running`);
      busy.set(what, (busy.get(what) ?? 0) + 1);
      const task = work()
        // The first words of the answer name the failure; the rest would only repeat it per row.
        .catch((error: Error) => fail(`${what}: ${error.message.slice(0, 90)}`))
        .finally(() => {
          busy.set(what, busy.get(what)! - 1);
          running.delete(task);
        });
      running.add(task);
    }, ms);
  let orderNumber = 0;
  const timers = [
    every('stock', STOCK_EVERY_MS, async () => {
      const rows = stockBatch(data, random, zeroed);
      await send(baseUrl, 'PUT', '/api/integration/stock', integration, rows);
      counts.stockRows += rows.length;
    }),
    every('prices', PRICES_EVERY_MS, async () => {
      const rows = priceBatch(data, random);
      await send(baseUrl, 'PUT', `/api/integration/price-lists/${data.priceListId}`, integration, rows);
      counts.priceRows += rows.length;
    }),
    every('order', ORDER_EVERY_MS, async () => {
      await placeOrder(baseUrl, session, data, random, ++orderNumber);
      counts.orders++;
    }),
  ];
  return {
    counts,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
      return counts;
    },
  };
}

/** "1,500 stock rows, 3,000 prices, 12 orders (failures: ...)". */
export function describeFeed(counts: FeedCounts): string {
  const failures = [...counts.failures.entries()].map(([what, n]) => `${n} × ${what}`).join('; ');
  return (
    `${counts.stockRows.toLocaleString('en-US')} stock rows, ${counts.priceRows.toLocaleString('en-US')} prices, ${counts.orders} orders` +
    (failures ? ` (failures: ${failures})` : ' (no failures)')
  );
}
