/**
 * `npm run bench -- web [--url=http://127.0.0.1:3000] [--runs=3]`: Lighthouse (mobile, its default
 * simulated throttling: slow 4G, 4x CPU slowdown) on the login page, a catalog page and the cart,
 * signed in through the UI for the last two, driving the system Chromium (never a downloaded
 * browser). Reports each page's median of the runs: performance and accessibility scores, FCP, LCP,
 * TBT, CLS and the bytes transferred (JavaScript apart). Issue 21's targets: performance >= 95,
 * accessibility 100, LCP < 2.5 s.
 *
 * Run it against a fresh production build (`npm start` in another terminal). Every run starts cold
 * as a first visit would: the HTTP cache, the service worker and its caches are cleared before each
 * run; only the session (localStorage, cookies) survives for the signed-in pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './system-chromium.js';

const DEMO_USER = 'admin@summitlift.example.com';
const DEMO_PASSWORD = 'Demo-Portal-2026!';
const BRANCH = '101 Denver';
const STATE_CODE = 'CO';
const CATALOG_PATH = '/products/catalog/lifts';

type Options = { url: string; runs: number; save?: string };

const WEB_USAGE = 'options: --url=http://127.0.0.1:3000 --runs=3 --save=<folder for the Lighthouse JSON reports>';

function parseOptions(args: string[]): Options {
  let values: { url?: string; runs?: string; save?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { url: { type: 'string' }, runs: { type: 'string' }, save: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${WEB_USAGE}`);
  }
  const runs = values.runs === undefined ? 3 : Number(values.runs);
  if (!(runs >= 1)) throw new Error('--runs must be a positive number');
  return { url: (values.url ?? 'http://127.0.0.1:3000').replace(/\/$/, ''), runs: Math.floor(runs), save: values.save };
}

type Measure = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredKB: number;
  scriptKB: number;
  failedAudits: string[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One Lighthouse run of `url` in the launched Chromium, after a cold start of the origin's caches. */
async function measure(chrome: LaunchedChrome, page: Page, url: string, saveAs?: string): Promise<Measure> {
  // A first visit: no HTTP cache, no service worker or its precache; the session stays.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse would clear localStorage too, which signs the user out.
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const bytesOf = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failedAudits = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit!.id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    transferredKB: bytesOf('total') / 1024,
    scriptKB: bytesOf('script') / 1024,
    failedAudits,
  };
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, 'Please run Lighthouse again'), more
 * often on a loaded machine: such a run is repeated, up to two more times; a measured run never is.
 */
async function measureWithRetry(chrome: LaunchedChrome, page: Page, url: string, saveAs?: string): Promise<Measure> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(chrome, page, url, saveAs);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      process.stdout.write(` (${String(error).split(':').slice(-1)[0]!.trim().slice(0, 40)}; again)`);
    }
  }
}

/** Clicks what the accessibility tree names `name` with `role` (Puppeteer's ARIA query). */
const click = (page: Page, role: string, name: string) => page.locator(`::-p-aria([name="${name}"][role="${role}"])`).click();
const waitFor = (page: Page, condition: string) => page.waitForFunction(condition, { timeout: 30_000 });

/** Signs in through the login page as the e2e tests do, then picks the branch and the destination state. */
async function signIn(page: Page, base: string) {
  // A laptop's window (the side menu open); Lighthouse emulates its phone for the runs themselves.
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${base}/login`);
  await page.locator('input[type="email"]').fill(DEMO_USER);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await click(page, 'button', 'Login');
  await waitFor(page, "location.pathname === '/dashboard'");
  // Select Branch (the user has several), then Destination State from the side menu.
  await click(page, 'radio', BRANCH);
  await click(page, 'button', 'OK');
  await waitFor(page, "!document.querySelector('[role=dialog]')");
  await page.locator('nav button::-p-text(Destination State)').click();
  await page.locator('[role=dialog] select').wait();
  await page.select('[role=dialog] select', STATE_CODE);
  await click(page, 'button', 'OK');
  await waitFor(page, "!document.querySelector('[role=dialog]')");
}

/** Three products into the cart with the catalog page's Add buttons, so the cart page has rows. */
async function fillCart(page: Page, base: string) {
  await page.goto(`${base}${CATALOG_PATH}`);
  await page.locator('article[data-sku] button::-p-text(Add)').wait();
  const tiles = await page.$$('article[data-sku]');
  for (const tile of tiles.slice(0, 3)) {
    const add = await tile.$('button::-p-text(Add)');
    await add?.click();
  }
  await page.goto(`${base}/shopping-cart`);
  await page.locator('table[aria-label="Cart items"] tbody tr').wait();
}

let lighthouseVersion = '';

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const health = await fetch(`${options.url}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`no portal answers at ${options.url}: start it first (npm start), or pass --url=...`);

  if (options.save) mkdirSync(options.save, { recursive: true });
  // The flags of the end-to-end tests; headless, which Playwright sets there itself.
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'silent' });
  let browser: Browser | undefined;
  const rows: { label: string; runs: Measure[] }[] = [];
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = (await browser.pages())[0] ?? (await browser.newPage());

    const pages: { label: string; path: string; prepare?: () => Promise<void> }[] = [
      { label: '/login (signed out)', path: '/login' },
      {
        label: `${CATALOG_PATH} (signed in)`,
        path: CATALOG_PATH,
        prepare: () => signIn(page, options.url),
      },
      { label: '/shopping-cart (signed in, 3 items)', path: '/shopping-cart', prepare: () => fillCart(page, options.url) },
    ];
    for (const target of pages) {
      await target.prepare?.();
      const runs: Measure[] = [];
      for (let i = 0; i < options.runs; i += 1) {
        process.stdout.write(`  endpoint: ${target.label} run ${i + 1}/${options.runs}...`);
        const saveAs = options.save && path.join(options.save, `${target.path.replace(/\W+/g, '-').replace(/^-/, '')}-${i + 1}.json`);
        runs.push(await measureWithRetry(chrome, page, `${options.url}${target.path}`, saveAs || undefined));
        process.stdout.write(' done\n');
      }
      rows.push({ label: target.label, runs });
    }
  } finally {
    await browser?.disconnect().catch(() => undefined);
    chrome.kill();
  }

  console.log(
    `Lighthouse ${lighthouseVersion} mobile (simulated slow 4G, 4x CPU slowdown), ${CHROMIUM_PATH}, ${options.url}; ` +
      `median of ${options.runs} cold runs per page (no HTTP cache, no service worker)`,
  );
  console.log('targets: performance >= 95, accessibility 100, LCP < 2.5 s\n');
  const header = ['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'transferred KB (JS)', 'perf of runs'];
  const table = rows.map(({ label, runs }) => {
    const of = (pick: (m: Measure) => number) => median(runs.map(pick));
    return [
      label,
      fixed(of((m) => m.performance)),
      fixed(of((m) => m.accessibility)),
      fixed(of((m) => m.fcpMs)),
      fixed(of((m) => m.lcpMs)),
      fixed(of((m) => m.tbtMs)),
      fixed(
        of((m) => m.cls),
        3,
      ),
      fixed(of((m) => m.speedIndexMs)),
      `${fixed(of((m) => m.transferredKB))} (${fixed(of((m) => m.scriptKB))})`,
      runs.map((m) => m.performance).join(', '),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of table) console.log(line(row));
  const failing = [...new Set(rows.flatMap(({ runs }) => runs.flatMap((m) => m.failedAudits)))];
  console.log(`\naccessibility audits failed in any run: ${failing.length ? failing.join(', ') : 'none'}`);
  const missed = rows.flatMap(({ label, runs }) => {
    const problems: string[] = [];
    const perf = median(runs.map((m) => m.performance));
    const a11y = median(runs.map((m) => m.accessibility));
    const lcp = median(runs.map((m) => m.lcpMs));
    if (perf < 95) problems.push(`performance ${perf} < 95`);
    if (a11y < 100) problems.push(`accessibility ${a11y} < 100`);
    if (!(lcp < 2500)) problems.push(`LCP ${fixed(lcp)} ms >= 2500`);
    return problems.length ? [`${label}: ${problems.join(', ')}`] : [];
  });
  console.log(missed.length ? `targets missed:\n${missed.map((m) => `  ${m}`).join('\n')}` : 'every target met');
}
