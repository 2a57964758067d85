/**
 * The signed-in caller as every route sees it: who, which organization, effective roles and
 * branches (after inheritance from the organization), and the flags that gate features.
 */
import type { FastifyRequest } from 'fastify';
import { roleMapOf, type RoleMap } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { unauthorized } from '../../http/errors.js';
import { findSessionCaller, touchSession, type OrganizationRow, type PrincipalBranch, type UserRow } from './repository.js';
import type { LoadedSession, SessionCache } from './session-cache.js';
import { hashToken } from './session-token.js';

export type { OrganizationRow, PrincipalBranch, UserRow };

export type Principal = {
  tokenHash: string;
  deviceId: string;
  /** When the session was last used, before this request. */
  sessionLastSeenAt: Date;
  user: UserRow;
  organization: OrganizationRow;
  roles: RoleMap;
  branches: PrincipalBranch[];
};

/** Roles a user really has: the organization's when inherited, else the user's own within the organization's. */
export function effectiveRoles(user: UserRow, organization: OrganizationRow): RoleMap {
  const granted = user.useOrganizationRoles ? organization.roles : user.roles.filter((role) => organization.roles.includes(role));
  return roleMapOf(granted);
}

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
    roles: effectiveRoles(row.user, row.organization),
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a session route, kept by access control (http/access.ts) once admitted (app.ts). */
    principal?: Principal;
  }
}

/** The caller of a session route; the access hook has already guaranteed it exists. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The branch of a branch number if the caller may use it (spec 6: users see only their own branches). */
export function branchOf(principal: Principal, branchNumber: number): PrincipalBranch | undefined {
  return principal.branches.find((b) => b.branchNumber === branchNumber);
}
