/**
 * The session cache (session-cache.ts, docs/decisions/014-session-cache.md): a caller seen a moment ago
 * is answered without a statement, and every change of the rows behind it ends or refreshes it at once,
 * in this process and in the others.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { ManagedUser } from '@portal/domain';
import { buildApp } from '../../app.js';
import { READ_AGAIN_HEADER } from '../../http/access.js';
import { FEATURED_SKUS } from '../../seed/featured.js';
import { testConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { recordStatements } from '../../test-support/record-statements.js';
import { createTestApp, TEST_XSRF, type TestApp } from '../../test-support/test-app.js';
import { users } from '../users/index.js';
import { sessions } from './schema.js';
import { PRINCIPAL_CHANGES_CHANNEL, SESSION_LISTENER_APPLICATION_NAME, type SessionCache } from './session-cache.js';
import { hashToken } from './session-token.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@summitlift.example.com');
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const onPostgres = () => t.handle.kind === 'postgres';
const cacheOf = (app: FastifyInstance): SessionCache => app.sessionCache!;
const refresh = (token: string, app = t.app) =>
  app.inject({
    method: 'GET',
    url: '/api/users/session/refresh',
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': TEST_XSRF },
    cookies: { 'XSRF-TOKEN': TEST_XSRF },
  });

/** Runs SQL as another process would (PostgreSQL: a connection outside the app's pool; PGlite: its only one). */
async function runElsewhere(statement: string): Promise<void> {
  if (!onPostgres()) {
    await t.db.execute(sql.raw(statement));
    return;
  }
  const pool = (t.db as unknown as { $client: pg.Pool & { options: pg.PoolConfig } }).$client;
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The body the user detail page sends: every field of the user, changed as given. */
async function editBody(id: number, changes: Partial<ManagedUser> = {}) {
  const user: ManagedUser = (await t.request({ method: 'GET', url: `/api/users/${id}`, token: admin })).json();
  const { email, firstName, lastName, phone, isActive, restrictedPricing, limitOrderHistory, allowCashSales } = user;
  const { useOrganizationBranches, useOrganizationRoles, branches, roles } = user;
  return {
    id,
    ...{ email, firstName, lastName, phone, isActive, restrictedPricing, limitOrderHistory, allowCashSales },
    ...{ useOrganizationBranches, useOrganizationRoles, branches, roles },
    ...changes,
  };
}

/**
 * Resolves once every notification committed before the call has reached each given cache (this
 * app's by default). On PostgreSQL a notification comes on another socket, maybe after the next
 * request, where it would drop what that request loaded, or stand in for one a test waits for. A
 * notification of the test's own, sent now, comes after all of them (each listener gets them in
 * commit order).
 */
async function allHeardBy(...caches: SessionCache[]): Promise<void> {
  const marker = `test-${randomUUID()}`;
  const heard = (caches.length ? caches : [cacheOf(t.app)]).map((cache) => cache.nextNotification(marker));
  await runElsewhere(`select pg_notify('${PRINCIPAL_CHANGES_CHANNEL}', '${marker}')`);
  await Promise.all(heard);
}

/** Signs in, once each given cache has heard the login (it writes users.last_login_at, which notifies). */
async function loginHeardBy(email: string, ...caches: SessionCache[]): Promise<string> {
  const token = await t.login(email);
  await allHeardBy(...caches);
  return token;
}

const putUser = async (id: number, changes: Partial<ManagedUser>) =>
  t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: await editBody(id, changes) });

async function idOf(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('session cache', () => {
  it('listens for changes once the app is ready', () => {
    expect(cacheOf(t.app).listening).toBe(true);
  });

  it('answers a second request from the cache without a statement on the session', async () => {
    const token = await loginHeardBy('buyer@summitlift.example.com');
    expect((await refresh(token)).statusCode).toBe(200);
    const hits = cacheOf(t.app).stats.hits;
    const statements = recordStatements(t.db);
    const again = await refresh(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: token, user: { email: 'buyer@summitlift.example.com' } });
    expect(cacheOf(t.app).stats.hits).toBe(hits + 1);
    expect(statements.filter((s) => /"?sessions"?/.test(s))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0); // the recorder sees the route's own statements
  });

  it('ends the session at logout at once', async () => {
    const token = await loginHeardBy('buyer@summitlift.example.com');
    expect((await refresh(token)).statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(200);
    const logout = await t.request({ method: 'GET', url: '/api/users/session/logout', token });
    expect(logout.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('ends the sessions of a user deactivated by an administrator at once', async () => {
    const email = 'viewer@summitlift.example.com';
    const id = await idOf(email);
    const token = await loginHeardBy(email);
    expect((await refresh(token)).statusCode).toBe(200);
    expect((await putUser(id, { isActive: false })).statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await putUser(id, { isActive: true })).statusCode).toBe(200);
  });

  it("refreshes a cached caller at once when an administrator changes the user's roles and branches", async () => {
    const email = 'buyer@summitlift.example.com';
    const id = await idOf(email);
    const token = await loginHeardBy(email);
    const before = (await refresh(token)).json();
    expect(before.user.roles.checkout).toBe(true);
    const user = await editBody(id);
    const organizationBranches = (await editBody(await idOf('admin@summitlift.example.com'))).branches;
    expect(organizationBranches.length).toBeGreaterThan(before.user.branches.length);
    const changed = await putUser(id, {
      useOrganizationRoles: false,
      roles: { ...user.roles, checkout: false },
      useOrganizationBranches: false,
      branches: organizationBranches,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await refresh(token)).json();
    expect(after.user.roles.checkout).toBe(false);
    expect(after.user.branches).toHaveLength(organizationBranches.length);
    expect((await putUser(id, user)).statusCode).toBe(200);
    expect((await refresh(token)).json().user.branches).toHaveLength(before.user.branches.length);
  });

  it("ends a cached session at once after plain SQL on this app's database", async () => {
    const email = 'viewer@summitlift.example.com';
    const token = await loginHeardBy(email);
    expect((await refresh(token)).statusCode).toBe(200);
    await t.db.execute(sql`update users set is_active = false where email = ${email}`);
    expect((await refresh(token)).statusCode).toBe(401);
    await t.db.execute(sql`update users set is_active = true where email = ${email}`);
  });

  it('ends a cached session at once after a write by another connection', async () => {
    const token = await loginHeardBy('viewer@summitlift.example.com');
    expect((await refresh(token)).statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(200);
    await runElsewhere(`update sessions set revoked_at = now() where token_hash = '${hashToken(token)}'`);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('does not drop the cache for the idle touch, and keeps the touched time', async () => {
    const token = await loginHeardBy('viewer@summitlift.example.com');
    // Two minutes idle, as the database and the cache know it.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await refresh(token)).statusCode).toBe(200); // loads, touches
    const drops = cacheOf(t.app).stats.drops;
    const hits = cacheOf(t.app).stats.hits;
    const statements = recordStatements(t.db);
    expect((await refresh(token)).statusCode).toBe(200);
    expect(cacheOf(t.app).stats.hits).toBe(hits + 1);
    expect(cacheOf(t.app).stats.drops).toBe(drops);
    // Answered from the cache with the touched clock: no touch again within the minute.
    expect(statements.filter((s) => /sessions/.test(s))).toEqual([]);
  });

  it('ends a cached session past the idle limit', async () => {
    const token = await loginHeardBy('viewer@summitlift.example.com');
    expect((await refresh(token)).statusCode).toBe(200);
    // The database's clock moved back (the idle touch's column: no notification), then time passes.
    const idle = testConfig().sessionIdleMinutes + 1;
    await runElsewhere(`update sessions set last_seen_at = now() - interval '${idle} minutes' where token_hash = '${hashToken(token)}'`);
    const hits = cacheOf(t.app).stats.hits;
    expect((await refresh(token)).statusCode).toBe(200);
    expect(cacheOf(t.app).stats.hits).toBe(hits + 1); // still cached: the cache's clock says a moment
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + idle * 60_000);
    const loads = cacheOf(t.app).stats.loads;
    const response = await refresh(token);
    expect(cacheOf(t.app).stats.loads).toBe(loads + 1);
    expect(response.statusCode, response.body).toBe(401);
  });
  it('answers no cached session past its idle limit, even within the cache lifetime', async () => {
    const app = await buildApp({ config: testConfig({ sessionIdleMinutes: 1 }), db: t.db });
    await app.ready();
    try {
      const cache = cacheOf(app);
      const token = await loginHeardBy('viewer@summitlift.example.com', cache);
      await t.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '50 seconds'` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await refresh(token, app)).statusCode).toBe(200); // loaded; under a minute idle, so not touched
      const hits = cache.stats.hits;
      expect((await refresh(token, app)).statusCode).toBe(200);
      expect(cache.stats.hits).toBe(hits + 1);
      // 15 seconds later (within the cache's 30 s) the session has been idle over a minute: the database decides.
      const loads = cache.stats.loads;
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 15_000);
      await refresh(token, app);
      expect(cache.stats.hits).toBe(hits + 1);
      expect(cache.stats.loads).toBe(loads + 1);
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });
});

describe('session cache on two processes (PostgreSQL)', () => {
  let other: DatabaseHandle | undefined;
  let otherApp: FastifyInstance | undefined;
  afterAll(async () => {
    await otherApp?.close();
    await other?.close();
  });

  it('refuses a token on B once it was logged out through A, and again once B listens after losing its connection', async (context) => {
    if (!onPostgres()) return context.skip();
    const pool = (t.db as unknown as { $client: pg.Pool & { options: pg.PoolConfig } }).$client;
    other = await openDatabase({ kind: 'postgres', url: pool.options.connectionString!, poolSize: 2 });
    otherApp = await buildApp({ config: testConfig(), db: other.db });
    await otherApp.ready();
    const b = cacheOf(otherApp);
    expect(b.listening).toBe(true);

    const token = await loginHeardBy('buyer@summitlift.example.com', b);
    expect((await refresh(token, otherApp)).statusCode).toBe(200);
    const hits = b.stats.hits;
    expect((await refresh(token, otherApp)).statusCode).toBe(200);
    expect(b.stats.hits).toBe(hits + 1);

    // No wait for the notification: B catches up with every commit before it answers from its cache.
    expect((await t.request({ method: 'GET', url: '/api/users/session/logout', token })).statusCode).toBe(200);
    expect((await refresh(token, otherApp)).statusCode).toBe(401);

    // B loses its listening connection: it answers from the database alone until it listens again.
    const second = await loginHeardBy('buyer@summitlift.example.com', b);
    expect((await refresh(second, otherApp)).statusCode).toBe(200);
    await other.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${SESSION_LISTENER_APPLICATION_NAME} and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(b.listening).toBe(false));
    const loads = b.stats.loads;
    expect((await refresh(second, otherApp)).statusCode).toBe(200);
    expect(b.stats.loads).toBe(loads + 1);
    expect(b.size).toBe(0);
    await b.whenListening();
    expect((await refresh(second, otherApp)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/session/logout', token: second })).statusCode).toBe(200);
    expect((await refresh(second, otherApp)).statusCode).toBe(401);
  });
});

/**
 * Read-only routes (http/access.ts `readOnly`): a cached caller is admitted at once, the cache's
 * round trip runs beside the route's work, and the answer waits for it (or the request is answered
 * again when the caller changed). These tests run `during`
 * after the route's work and before the answer is let go: what commits then is what a notification
 * that had not arrived when the request came in looks like.
 */
describe('read-only routes answer a cached caller once it is confirmed', () => {
  const LIFTS = { catalog: 'lifts', shipToState: 'CO', branchNumber: '101' };
  const sku = FEATURED_SKUS.lifts.downloads;
  const product = (token: string) =>
    t.request({ method: 'GET', url: `/api/catalog/product/${encodeURIComponent(sku)}`, query: LIFTS, token });

  /** Runs `during` each time an early caller's answer waits for its confirmation. */
  function whileHeld(during: () => Promise<void>) {
    const cache = cacheOf(t.app);
    const getEarly = cache.getEarly.bind(cache);
    return vi.spyOn(cache, 'getEarly').mockImplementation((tokenHash, idleMinutes) => {
      const early = getEarly(tokenHash, idleMinutes);
      return (
        early && {
          ...early,
          confirm: async () => {
            await during();
            return early.confirm();
          },
        }
      );
    });
  }

  /** A buyer's session, cached. */
  async function cachedBuyer(): Promise<string> {
    const token = await loginHeardBy('buyer@summitlift.example.com');
    expect((await product(token)).statusCode).toBe(200);
    return token;
  }

  it('answers from the cache without a statement on the session', async () => {
    const token = await cachedBuyer();
    const early = whileHeld(async () => {});
    const { hits, loads } = cacheOf(t.app).stats;
    const statements = recordStatements(t.db);
    const answer = await product(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ sku, catalog: 'lifts' });
    expect(early).toHaveBeenCalledTimes(1);
    expect(cacheOf(t.app).stats).toMatchObject({ hits: hits + 1, loads });
    expect(statements.filter((s) => /"?sessions"?/.test(s))).toEqual([]);
  });

  it('answers 401 instead when the session ended before the answer left', async () => {
    const token = await cachedBuyer();
    whileHeld(async () => {
      await runElsewhere(`update sessions set revoked_at = now() where token_hash = '${hashToken(token)}'`);
      await allHeardBy();
    });
    const answer = await product(token);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ messages: [{ field: '', message: 'Your session has expired. Please log in again.' }] });
  });

  it('lets the answer stand when the cache was dropped for a change that did not touch the caller', async () => {
    const token = await cachedBuyer();
    whileHeld(() => allHeardBy()); // a notification: the cache is dropped, the caller is read again
    const { loads } = cacheOf(t.app).stats;
    const inject = vi.spyOn(t.app, 'inject');
    const answer = await product(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ sku, catalog: 'lifts' });
    expect(cacheOf(t.app).stats.loads).toBe(loads + 1);
    expect(inject).toHaveBeenCalledTimes(1); // not answered again
  });

  it('answers again for the caller as it is now when the caller itself changed before the answer left', async () => {
    const email = 'buyer@summitlift.example.com';
    const token = await cachedBuyer();
    whileHeld(async () => {
      await runElsewhere(`update users set restricted_pricing = not restricted_pricing where email = '${email}'`);
      await allHeardBy();
    });
    const inject = vi.spyOn(t.app, 'inject');
    try {
      const answer = await product(token);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ sku, catalog: 'lifts' });
      // The test's own request, then the same request answered again from the start.
      expect(inject).toHaveBeenCalledTimes(2);
      expect((inject.mock.calls as unknown[][])[1]![0]).toMatchObject({
        method: 'GET',
        headers: { [READ_AGAIN_HEADER]: '1', authorization: `Bearer ${token}` },
      });
    } finally {
      vi.restoreAllMocks();
      await runElsewhere(`update users set restricted_pricing = not restricted_pricing where email = '${email}'`);
      await allHeardBy();
    }
  });

  it('answers a validation error only once the caller is confirmed', async () => {
    const token = await cachedBuyer();
    whileHeld(async () => {
      await runElsewhere(`update sessions set revoked_at = now() where token_hash = '${hashToken(token)}'`);
      await allHeardBy();
    });
    const answer = await t.request({ method: 'POST', url: '/api/catalog/search', payload: { page: 'first' }, token });
    expect(answer.statusCode).toBe(401);
  });

  it('is not taken by routes that write', async () => {
    const token = await cachedBuyer();
    const early = whileHeld(async () => {});
    expect((await refresh(token)).statusCode).toBe(200);
    expect(early).not.toHaveBeenCalled();
  });
});
