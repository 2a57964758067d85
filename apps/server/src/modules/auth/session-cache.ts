/**
 * A short-lived, bounded, in-process cache of the signed-in caller (docs/decisions/014-session-cache.md),
 * so that most requests check their session without reading it.
 *
 * Ending at once on every process: triggers on every table the principal is read from (migration
 * 0011) send `principal_changes` on commit; each process LISTENs on a connection of its own and drops
 * the whole cache on every notification. While it is not listening (before LISTEN succeeded, after
 * the connection broke, until it is back) the cache neither answers nor keeps anything.
 *
 * No window after a commit, in any process: before a cached caller is answered, the listening
 * connection is asked `SELECT 1` (one round trip shared by the requests waiting at that moment).
 * The commit signalled the listening backend before its writer was answered, and a backend hands its
 * pending notifications to its client before it reads the next statement, so every notification
 * committed before the request arrived has dropped the cache by the time the answer comes. On PGlite
 * (one process) the notification of a commit reaches the listener before the writing statement's
 * promise resolves, so no round trip is needed.
 *
 * A load that was under way when the cache was dropped is not kept (the generation it started in has
 * passed): it may have read the rows before the commit that caused the drop.
 */
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOf, poolOf, type Database } from '../../db/client.js';
import { RecentlyUsedMap } from '../../db/read-cache.js';
import type { EarlyCaller } from '../../http/access.js';
import type { Principal } from '../../http/principal.js';

/** How long a cached principal is answered without the database at most. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** How many sessions are kept at most; the least recently used goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** The channel the triggers of migration 0011 notify. */
export const PRINCIPAL_CHANGES_CHANNEL = 'principal_changes';
/**
 * The channel migration 0031 notifies when the catalog data revision moves. The listening
 * connection hears it too and hands it to `onCatalogDataRevision` (the catalog's search indexes
 * are marked behind, decision 023); the cache itself ignores it.
 */
export const CATALOG_DATA_REVISION_CHANNEL = 'catalog_data_revision';

/** What else the listening connection hands on. */
export type ListenerHooks = { onCatalogDataRevision?: () => void };
/** How the listening connection shows in pg_stat_activity. */
export const SESSION_LISTENER_APPLICATION_NAME = 'portal-session-listener';
/** The first and the longest pause before listening again after the listening connection broke. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/**
 * How often the listening connection is asked a trivial question when idle, and how long it may take
 * to answer (then it is taken for lost).
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

type Entry = {
  /** Its `sessionLastSeenAt` is the idle clock as last known: the database's, or this process's touch. */
  principal: Principal;
  expiresAt: Date;
  /** Date.now() when the entry was loaded: it is answered until SESSION_CACHE_TTL_MS after. */
  loadedAt: number;
};

/** A session read from the database, with what the cache needs to check its expiry without it. */
export type LoadedSession = { principal: Principal; expiresAt: Date };

/** A cached caller answered before its check came back (SessionCache.getEarly), as access control's early admission takes it. */
export type EarlyPrincipal = EarlyCaller<Principal>;

/** A session's principal from the database, undefined when it is not live. */
export type SessionLoader = () => Promise<LoadedSession | undefined>;

type Listener = {
  /**
   * Resolves true once every notification committed before the call has been handed to the cache,
   * false when that cannot be known (the listening connection broke or is slow).
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
};

export class SessionCache {
  readonly #entries = new RecentlyUsedMap<Entry>(SESSION_CACHE_MAX_ENTRIES);
  /** Moves on every drop; a load keeps its answer only when none happened while it ran. */
  #generation = 0;
  #listening = false;
  #closed = false;
  #listener: Listener | undefined;
  #notificationWaiters: { payload: string | undefined; resolve: () => void }[] = [];
  #listeningWaiters: (() => void)[] = [];
  /** Hits and loads, for tests and diagnostics. */
  readonly stats = { hits: 0, loads: 0, drops: 0 };

  /** Whether the cache answers at all: only while its process is listening for changes. */
  get listening(): boolean {
    return this.#listening && !this.#closed;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The principal of a live session: from the cache when a fresh entry is there and the session's idle
   * and absolute expiry have not passed, else from `load` (kept when nothing changed meanwhile).
   */
  async get(tokenHash: string, idleMinutes: number, load: SessionLoader): Promise<Principal | undefined> {
    if (this.listening && this.#entries.get(tokenHash) && (await this.#listener!.caughtUp()) && this.listening) {
      const entry = this.#entries.get(tokenHash);
      if (entry) {
        if (this.#fresh(entry, idleMinutes)) {
          this.stats.hits++;
          return entry.principal;
        }
        // Stale or past an expiry as this process knows it: the database decides (another process
        // may have moved the idle clock).
        this.#entries.delete(tokenHash);
      }
    }
    const generation = this.#generation;
    this.stats.loads++;
    const loaded = await load();
    if (loaded && this.listening && generation === this.#generation) {
      this.#entries.set(tokenHash, { ...loaded, loadedAt: Date.now() });
    }
    return loaded?.principal;
  }

  /**
   * A fresh cached principal at once, without waiting for the listening connection; undefined when
   * the cache holds none for the token (ask `get`). Its `confirm` resolves true when the entry is
   * known good for a request that arrived at the call: the round trip `get` awaits first (sent now,
   * so it runs beside the request's own work) is back and nothing dropped the cache since the call.
   * False means the database decides: a notification came in meanwhile, or listening broke.
   * For read-only routes, which hold their answer until it is confirmed (http/access.ts).
   */
  getEarly(tokenHash: string, idleMinutes: number): EarlyPrincipal | undefined {
    if (!this.listening) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry || !this.#fresh(entry, idleMinutes)) return undefined;
    const generation = this.#generation;
    const caughtUp = this.#listener!.caughtUp();
    let confirmed: Promise<boolean> | undefined;
    const confirm = async () => {
      const standing = (await caughtUp) && this.listening && generation === this.#generation;
      // A hit only once it stands: an answer the database decides after all counts as its lookup.
      if (standing) this.stats.hits++;
      return standing;
    };
    return { caller: entry.principal, confirm: () => (confirmed ??= confirm()) };
  }

  /** Whether an entry may be answered: loaded within the TTL, and neither expiry passed as this process knows it. */
  #fresh(entry: Entry, idleMinutes: number): boolean {
    const now = Date.now();
    return (
      now - entry.loadedAt < SESSION_CACHE_TTL_MS &&
      now < entry.expiresAt.getTime() &&
      now - entry.principal.sessionLastSeenAt.getTime() < idleMinutes * 60_000
    );
  }

  /** After this process moved the session's idle clock: the entry keeps the new time. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.#entries.get(tokenHash);
    if (entry) entry.principal = { ...entry.principal, sessionLastSeenAt: at };
  }

  /** Forgets every entry, and every load under way. */
  dropAll(): void {
    this.#generation++;
    this.stats.drops++;
    this.#entries.clear();
  }

  /**
   * Resolves once the next notification (of any process) has been handled, or the next one with the
   * given payload: for tests.
   */
  nextNotification(payload?: string): Promise<void> {
    return new Promise((resolve) => this.#notificationWaiters.push({ payload, resolve }));
  }

  /** Resolves once the cache listens (at once when it does): for tests and start-up. */
  whenListening(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.#listeningWaiters.push(resolve));
  }

  /** Stops listening; the cache answers nothing afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.dropAll();
    await this.#listener?.close();
  }

  /** @internal the listener's side */
  setListening(listening: boolean): void {
    if (listening === this.#listening) return;
    // Whatever was kept may have missed notifications while nobody listened.
    this.dropAll();
    this.#listening = listening;
    if (listening) for (const resolve of this.#listeningWaiters.splice(0)) resolve();
  }

  /** @internal the listener's side */
  notified(payload: string): void {
    this.dropAll();
    const answered = (waiter: { payload: string | undefined }) => waiter.payload === undefined || waiter.payload === payload;
    const waiters = this.#notificationWaiters;
    this.#notificationWaiters = waiters.filter((waiter) => !answered(waiter));
    for (const waiter of waiters) if (answered(waiter)) waiter.resolve();
  }

  /** @internal */
  attach(listener: Listener): void {
    this.#listener = listener;
  }

  get closed(): boolean {
    return this.#closed;
  }
}

// ---------------------------------------------------------------------------------------------
// Listening

type PoolLike = pg.Pool & { options: pg.PoolConfig };

/**
 * `send` for every caller, started after the call, shared by the callers waiting at that moment: while
 * one round trip is on the wire, later callers wait for the next, sent when it is back. So at most
 * two are ever queued, however many requests wait.
 */
export function sharedRoundTrips(send: () => Promise<void>): () => Promise<void> {
  let onTheWire: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const trip = send().finally(() => {
      if (onTheWire === trip) onTheWire = undefined;
    });
    onTheWire = trip;
    return trip;
  };
  return () => {
    if (!onTheWire) return start();
    next ??= onTheWire
      .catch(() => {})
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

/**
 * `SELECT 1` on the listening connection, answered within HEARTBEAT_TIMEOUT_MS or the connection is
 * taken for lost. The backend hands its pending notifications over before it reads the SELECT, and
 * the driver emits them before it resolves the SELECT's answer.
 */
async function askListeningConnection(connection: pg.Client | undefined, lost: (connection: pg.Client) => void): Promise<void> {
  if (!connection) throw new Error('not listening');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the listening connection does not answer')), HEARTBEAT_TIMEOUT_MS);
  });
  try {
    await Promise.race([connection.query('SELECT 1'), late]);
  } catch (error) {
    lost(connection);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function listenPostgres(cache: SessionCache, pool: PoolLike, hooks: ListenerHooks): Listener {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let pause = RECONNECT_FIRST_MS;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === PRINCIPAL_CHANGES_CHANNEL) cache.notified(message.payload ?? '');
    else if (message.channel === CATALOG_DATA_REVISION_CHANNEL) hooks.onCatalogDataRevision?.();
  };
  const roundTrip = sharedRoundTrips(() => askListeningConnection(client, lost));

  const lost = (connection: pg.Client) => {
    if (client !== connection) return;
    client = undefined;
    clearInterval(heartbeat);
    cache.setListening(false);
    connection.removeAllListeners();
    connection.on('error', () => {});
    void connection.end().catch(() => {});
    if (!cache.closed) {
      retry = setTimeout(connect, pause);
      retry.unref();
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
    }
  };

  const connect = () => {
    retry = undefined;
    if (cache.closed) return;
    // A connection of its own (not the pool's): LISTEN belongs to a session.
    const connection = new pg.Client({
      ...pool.options,
      password: pool.options.password,
      keepAlive: true,
      keepAliveInitialDelayMillis: HEARTBEAT_MS,
      application_name: SESSION_LISTENER_APPLICATION_NAME,
    });
    client = connection;
    connection.on('notification', onNotification);
    connection.on('error', () => lost(connection));
    connection.on('end', () => lost(connection));
    connection
      .connect()
      .then(() => connection.query(`LISTEN ${PRINCIPAL_CHANGES_CHANNEL}; LISTEN ${CATALOG_DATA_REVISION_CHANNEL}`))
      .then(() => {
        if (client !== connection) return;
        pause = RECONNECT_FIRST_MS;
        cache.setListening(true);
        // A connection that died without a word (a network cut) is noticed within seconds, not hours.
        heartbeat = setInterval(() => void roundTrip().catch(() => {}), HEARTBEAT_MS);
        heartbeat.unref();
      })
      .catch((error: Error) => {
        if (!cache.closed) console.warn('Session cache: cannot listen for changes:', error.message);
        lost(connection);
      });
  };
  connect();

  return {
    caughtUp: () =>
      roundTrip().then(
        () => true,
        () => false,
      ),
    async close() {
      if (retry) clearTimeout(retry);
      clearInterval(heartbeat);
      const connection = client;
      client = undefined;
      cache.setListening(false);
      if (connection) {
        connection.removeAllListeners();
        connection.on('error', () => {});
        await connection.end().catch(() => {});
      }
    },
  };
}

function listenPglite(cache: SessionCache, client: PGlite, hooks: ListenerHooks): Listener {
  let unlisten: (() => Promise<void>) | undefined;
  let unlistenRevision: (() => Promise<void>) | undefined;
  const started = client
    .listen(PRINCIPAL_CHANGES_CHANNEL, (payload) => cache.notified(payload))
    .then(async (stop) => {
      unlisten = stop;
      if (hooks.onCatalogDataRevision) unlistenRevision = await client.listen(CATALOG_DATA_REVISION_CHANNEL, hooks.onCatalogDataRevision);
      if (!cache.closed) cache.setListening(true);
    })
    .catch((error: Error) => {
      console.warn('Session cache: cannot listen for changes:', error.message);
    });
  return {
    // The embedded database is one process, and its listener runs inside the writing statement.
    caughtUp: () => Promise.resolve(true),
    async close() {
      await started;
      cache.setListening(false);
      if (unlisten && !client.closed) await unlisten().catch(() => {});
      if (unlistenRevision && !client.closed) await unlistenRevision().catch(() => {});
    },
  };
}

/**
 * A session cache for the database behind `db`, listening for changes on it (PostgreSQL: a connection
 * of its own, opened with the pool's settings; PGlite: the embedded database's own listen). Resolves
 * once it listens; answers from the database alone until then and while listening is broken.
 */
export async function startSessionCache(db: Database, hooks: ListenerHooks = {}): Promise<SessionCache> {
  const cache = new SessionCache();
  const pool = poolOf(db);
  const embedded = pgliteOf(db);
  if (pool) cache.attach(listenPostgres(cache, pool as PoolLike, hooks));
  else if (embedded) cache.attach(listenPglite(cache, embedded, hooks));
  else throw new Error('The session cache needs a PostgreSQL pool or PGlite behind the database.');
  await Promise.race([cache.whenListening(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's session cache (app.ts), for tests that wait for its notifications. */
    sessionCache?: SessionCache;
  }
}

/** Keeps the cache on the app and closes it with the app. */
export function registerSessionCache(app: FastifyInstance, cache: SessionCache): void {
  app.decorate('sessionCache', cache);
  app.addHook('onClose', () => cache.close());
}
