/**
 * The signed-in caller (the http layer's Principal, http/principal.ts) behind a session: the auth
 * module reads the session, its user, organization and branches, and hands the routes a plain object.
 */
import { effectiveRoles } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { findSessionCaller, touchSession } from './repository.js';
import type { EarlyPrincipal, LoadedSession, SessionCache } from './session-cache.js';
import { hashToken } from './session-token.js';

/** The principal behind a live session, with the session's clocks (for the session cache). */
async function loadSession(db: Database, tokenHash: string, idleMinutes: number): Promise<LoadedSession | undefined> {
  const row = await findSessionCaller(db, tokenHash, idleMinutes);
  if (!row) return undefined;
  const principal: Principal = {
    tokenHash,
    deviceId: row.session.deviceId,
    sessionLastSeenAt: row.session.lastSeenAt,
    user: row.user,
    organization: row.organization,
    roles: effectiveRoles({ useOrganizationRoles: row.user.useOrganizationRoles, roles: row.userRoles }, row.organization),
    branches: row.branches,
  };
  return { principal, expiresAt: row.session.expiresAt };
}

/**
 * The principal behind a live session of an active, verified user; undefined otherwise. One
 * statement by the session's primary key, branches included.
 */
export async function loadPrincipal(db: Database, tokenHash: string, idleMinutes: number): Promise<Principal | undefined> {
  return (await loadSession(db, tokenHash, idleMinutes))?.principal;
}

/** The idle clock moves at most this often, so most requests read the session without writing it. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The caller behind a bearer token, as every session route sees it (http/access.ts asks, app.ts wires), with the
 * session's idle clock moved when it is more than a minute old. With `cache` (app.ts: session-cache.ts), a
 * caller seen within the last seconds is answered without a statement, its idle and absolute expiry
 * checked against the session's clocks kept with it.
 */
export async function authenticateSession(
  db: Database,
  token: string,
  idleMinutes: number,
  cache?: SessionCache,
): Promise<Principal | undefined> {
  const tokenHash = hashToken(token);
  const principal = cache
    ? await cache.get(tokenHash, idleMinutes, () => loadSession(db, tokenHash, idleMinutes))
    : (await loadSession(db, tokenHash, idleMinutes))?.principal;
  if (!principal) return undefined;
  if (Date.now() - principal.sessionLastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash);
    cache?.touched(tokenHash, new Date());
  }
  return principal;
}

/**
 * The caller behind a bearer token from the session cache at once, its confirmation still on the way
 * (SessionCache.getEarly): for read-only routes, which hold their answer until `confirm` resolves
 * (http/access.ts). Undefined when the cache cannot answer so, or the idle clock is due to move (a
 * write): then authenticateSession decides.
 */
export function authenticateSessionEarly(token: string, idleMinutes: number, cache: SessionCache): EarlyPrincipal | undefined {
  const early = cache.getEarly(hashToken(token), idleMinutes);
  if (!early || Date.now() - early.caller.sessionLastSeenAt.getTime() > TOUCH_INTERVAL_MS) return undefined;
  return early;
}

/**
 * Whether two lookups of a session found the same caller: everything a route may read of it but the
 * idle clock, which moves on its own.
 */
export function sameSessionCaller(before: Principal, after: Principal): boolean {
  const comparable = (principal: Principal) => JSON.stringify({ ...principal, sessionLastSeenAt: 0 });
  return comparable(before) === comparable(after);
}
