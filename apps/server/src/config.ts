/**
 * The only reader of process.env. Every variable is listed in the README's configuration table.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root, so `./data` means the same folder whichever workspace npm runs in: the nearest
 * folder above this module holding `apps/server/drizzle`, which finds it both from the sources
 * (`apps/server/src/config.ts` under tsx) and from the bundle (`apps/server/dist/*.js`, tools/build.mjs).
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/drizzle/meta/_journal.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}

/** The most worker processes WEB_CONCURRENCY may ask for. */
export const MAX_WEB_CONCURRENCY = 64;

/**
 * The heap's growth between full collections, in percent of what the last one kept: V8's own
 * factor lets a busy server's heap grow to 2-4 times its live objects (decision 025).
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 30;

/** The sender of every email unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Dealer Portal <no-reply@portal.example.com>';

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a name proxy-addr knows (`loopback`, `linklocal`, `uniquelocal`). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORTAL_MODE: z
    .enum(['demo', 'standard', 'production', ''])
    .optional()
    .transform((v) => v || undefined),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), 'must be a comma-separated list of IP addresses or CIDR ranges'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  PASSWORD_HASH_CONCURRENCY: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().positive()]).optional(),
  PASSWORD_HASH_QUEUE: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0)]).optional(),
  REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10000).default(1000),
  SEED_ON_START: z.enum(['true', 'false', '1', '0', '']).optional(),
  SESSION_CACHE: z.enum(['on', 'off', '']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  LIVE_CHAT_SCRIPT_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHIPPING_POLICY_URL: z.string().url().default('https://www.example.com/shipping-policy'),
  SALES_EMAIL: z.string().default('sales@manufacturer.example.com'),
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(1).default(DEFAULT_MAIL_FROM),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  OPERATOR_EMAIL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  FEATURED_REFRESH_MS: z.coerce.number().int().min(0).default(3_600_000),
  INSPECTION_REMINDER_CHECK_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** Set by the cluster's primary on each worker it forks (cluster-primary.ts), never by hand. */
  PORTAL_WORKER_DUTY: z.enum(['leader', 'follower']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_HEAP_GROWTH_PERCENT),
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_WEB_CONCURRENCY),
      `must be a whole number of server processes from 1 to ${MAX_WEB_CONCURRENCY}`,
    )
    .transform((v) => (v === undefined ? undefined : Number(v))),
  PAYMENT_GATEWAY: z.enum(['simulated', 'stripe']).default('simulated'),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  STRIPE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/**
 * How the server may behave (docs/decisions/011-portal-modes.md):
 * - `demo`: the demo portal of `npm start`: demo data seeded into an empty database, and mail without
 *   SMTP_URL readable at /api/dev/mailbox, from this machine only (loopback, no proxy headers);
 * - `standard` (the default): no development mailbox route, no seeding unless SEED_ON_START=true;
 * - `production` (`PORTAL_MODE=production` or `NODE_ENV=production`): refuses to start with anything
 *   meant for demos (development mailbox, seeding, the simulated gateway, Stripe without its webhook
 *   secret) and builds every link in mail from PUBLIC_URL.
 */
export type PortalMode = 'demo' | 'standard' | 'production';

export type Config = {
  mode: PortalMode;
  /** The portal's address as its users reach it (`https://portal.example.com`), for links in mail; required in production. */
  publicUrl: string | undefined;
  port: number;
  host: string;
  /**
   * The proxies whose `X-Forwarded-For` is believed (TRUST_PROXY, addresses or CIDR ranges); empty
   * (the default): the client's address is the socket's, whatever headers it sends.
   */
  trustProxy: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginMaxFailures: number;
  loginFailureWindowMinutes: number;
  /**
   * Sign-in's password hashes run at once in this process (unset: one per core, at most 4), and
   * calls that may wait for one (unset: twice that); the other hashing calls' pool has half of
   * each; a call beyond both answers 429 (decision 015).
   */
  passwordHashConcurrency: number | undefined;
  passwordHashQueue: number | undefined;
  /** How long a 429 of login and the password calls waits before it is answered (http/refusal-delay.ts). */
  refusalDelayMs: number;
  seedOnStart: boolean;
  /** Whether signed-in callers are kept in memory for seconds (SESSION_CACHE, decision 014); `off` reads every session. */
  sessionCache: boolean;
  webDistDir: string;
  liveChatScriptUrl: string | undefined;
  shippingPolicyUrl: string;
  salesEmail: string;
  /** Unset: mail goes to the development mailbox (table dev_mailbox), readable at /dev/mailbox in demo mode only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** 0 disables the outbox worker in this process. */
  mailWorkerIntervalMs: number;
  /** Who is mailed about the portal's own troubles (a webhook disabled after failing); unset: SALES_EMAIL. */
  operatorEmail: string;
  /** The first pause before a webhook delivery is retried; each next one is 3.3 times longer (decision 019). */
  webhookRetryBaseMs: number;
  /** How often this process looks for due webhook deliveries; 0: never (other processes deliver). */
  webhookWorkerIntervalMs: number;
  /** How often the 'Featured' order is recounted from the last 90 days' orders (catalog/featured.ts); 0: never in this process. */
  featuredRefreshMs: number;
  /**
   * How often this process checks whether this month's inspection reminders are sent (issue 37,
   * equipment/reminders.ts); 0: never in this process. Every process may check: one sends per organization.
   */
  inspectionReminderCheckMs: number;
  /**
   * Whether this process does the work one process is enough for: the 'Featured' recount and the
   * reconciliation of paid checkouts at start. A single process does; of a cluster's workers only
   * the one the primary names leader (PORTAL_WORKER_DUTY; decision 017).
   */
  leader: boolean;
  /**
   * On SIGTERM/SIGINT the server stops accepting, lets requests in flight and the outbox worker's
   * batch finish, closes the database and exits; after this long it exits (code 1) whatever is left.
   */
  shutdownTimeoutMs: number;
  /**
   * How far the JavaScript heap may grow past what the last full collection kept before the next
   * one (process/heap-growth.ts); 0 leaves it to V8.
   */
  heapGrowthPercent: number;
  /**
   * Worker processes serving one port (WEB_CONCURRENCY, docs/decisions/017-several-server-processes.md):
   * 1 runs the server in this process; more forks that many workers (node:cluster), PostgreSQL only.
   */
  webConcurrency: number;
  /** What the server should say at start about settings it adjusted (logged by main.ts). */
  warnings: string[];
  /** Payments (docs/decisions/006-payment-gateway.md): `simulated` needs no network; `stripe` needs its keys. */
  paymentGateway: 'simulated' | 'stripe';
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Another address for Stripe's API (a local stand-in in tests); unset = Stripe itself. */
  stripeApiUrl: string | undefined;
};

/**
 * `defaultMode` is the mode when neither PORTAL_MODE nor NODE_ENV=production names one
 * (main.ts passes `demo` when started with `--demo`, as `npm start` does).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultMode: PortalMode = 'standard'): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.PORTAL_MODE && e.PORTAL_MODE !== 'production') {
    throw new Error(`Invalid configuration: NODE_ENV=production contradicts PORTAL_MODE=${e.PORTAL_MODE}`);
  }
  const mode: PortalMode = e.NODE_ENV === 'production' ? 'production' : (e.PORTAL_MODE ?? defaultMode);
  const seedOnStart =
    e.SEED_ON_START === undefined || e.SEED_ON_START === '' ? mode === 'demo' : e.SEED_ON_START === 'true' || e.SEED_ON_START === '1';
  if (mode === 'production') {
    const refusals = [
      !e.SMTP_URL && 'SMTP_URL is not set (mail would go to the development mailbox)',
      seedOnStart && 'SEED_ON_START would seed the demo data',
      e.PAYMENT_GATEWAY === 'simulated' && 'PAYMENT_GATEWAY is simulated (set PAYMENT_GATEWAY=stripe)',
      e.PAYMENT_GATEWAY === 'stripe' && !e.STRIPE_WEBHOOK_SECRET && 'PAYMENT_GATEWAY=stripe needs STRIPE_WEBHOOK_SECRET',
      !e.PUBLIC_URL && "PUBLIC_URL is not set (links in mail need the portal's address)",
    ].filter((r): r is string => typeof r === 'string');
    if (refusals.length > 0) throw new Error(`Refusing to start in production mode: ${refusals.join('; ')}`);
  }
  if (e.PAYMENT_GATEWAY === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error('Invalid configuration: PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  const concurrency = webConcurrencyOf(e.WEB_CONCURRENCY, mode, e.DATABASE_URL !== undefined);
  // A relative DATA_DIR is taken from where the command was typed (npm's INIT_CWD), not the workspace.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    mode,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY ?? hashingConcurrencyPerWorker(concurrency.workers),
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    refusalDelayMs: e.REFUSAL_DELAY_MS,
    seedOnStart,
    sessionCache: e.SESSION_CACHE !== 'off',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(base, e.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    liveChatScriptUrl: e.LIVE_CHAT_SCRIPT_URL,
    shippingPolicyUrl: e.SHIPPING_POLICY_URL,
    salesEmail: e.SALES_EMAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailWorkerIntervalMs: e.MAIL_WORKER_INTERVAL_MS,
    operatorEmail: e.OPERATOR_EMAIL ?? e.SALES_EMAIL,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookWorkerIntervalMs: e.WEBHOOK_WORKER_INTERVAL_MS,
    // A follower worker leaves the recount to the leader: N workers recounting at once would only
    // repeat the same heavy statement and contend for the same rows.
    featuredRefreshMs: e.PORTAL_WORKER_DUTY === 'follower' ? 0 : e.FEATURED_REFRESH_MS,
    inspectionReminderCheckMs: e.INSPECTION_REMINDER_CHECK_MS,
    leader: e.PORTAL_WORKER_DUTY !== 'follower',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    webConcurrency: concurrency.workers,
    warnings: concurrency.warnings,
    paymentGateway: e.PAYMENT_GATEWAY,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
  };
}

/**
 * How many worker processes serve the port (decision 017). Unset: the number of cores in production
 * mode on PostgreSQL, else 1. The embedded database (PGlite) belongs to one process, so more than one
 * is refused in production mode and brought down to 1, with a warning, in the other modes.
 */
export function webConcurrencyOf(
  chosen: number | undefined,
  mode: PortalMode,
  postgres: boolean,
  cores = availableParallelism(),
): { workers: number; warnings: string[] } {
  if (chosen === undefined) return { workers: mode === 'production' && postgres ? Math.min(cores, MAX_WEB_CONCURRENCY) : 1, warnings: [] };
  if (chosen === 1 || postgres) return { workers: chosen, warnings: [] };
  const problem = `WEB_CONCURRENCY=${chosen} needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only`;
  if (mode === 'production') throw new Error(`Refusing to start in production mode: ${problem}`);
  return { workers: 1, warnings: [`${problem}; running one server process`] };
}

/**
 * Sign-in's password hashes at once in each worker when PASSWORD_HASH_CONCURRENCY is unset and
 * several workers run: the cores shared out among them (at least 1, at most 4), so the workers
 * together hash about as much at once as one process would (decision 015). One process: unset,
 * password-hash.ts's own default.
 */
function hashingConcurrencyPerWorker(workers: number): number | undefined {
  if (workers === 1) return undefined;
  return Math.max(1, Math.min(4, Math.floor(availableParallelism() / workers)));
}

/**
 * Defaults for tests: demo mode (the development mailbox), quiet, no seeding on start (the test database
 * helper seeds), and 127.0.0.1 (where app.inject's requests come from) trusted as a proxy, so a test can
 * stand for many clients through `X-Forwarded-For`; login-limits.api.test.ts checks the default (none).
 * The hashing queue is long enough for the test files that sign several users in at once on a
 * one-core machine; hashing-limits.api.test.ts sets its own to see the pool refuse.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      PORTAL_MODE: 'demo',
      TRUST_PROXY: '127.0.0.1',
      PASSWORD_HASH_QUEUE: '32',
      // Refusals answer at once: the limit tests send hundreds (refusal-delay.api.test.ts sets one).
      REFUSAL_DELAY_MS: '0',
      // Tests recount 'Featured' themselves (catalog/featured.ts refreshFeatured).
      FEATURED_REFRESH_MS: '0',
      // Tests send the inspection reminders themselves (equipment/reminders.ts).
      INSPECTION_REMINDER_CHECK_MS: '0',
    }),
    ...overrides,
  };
}
