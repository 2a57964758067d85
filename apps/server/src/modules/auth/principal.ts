/**
 * The signed-in caller as every route sees it: who, which organization, effective roles and
 * branches (after inheritance from the organization), and the flags that gate features.
 */
import { and, asc, eq, inArray, isNull, gt, sql } from 'drizzle-orm';
import { roleMapOf, type RoleKey, type RoleMap } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { sessions } from './schema.js';
import { branches, organizations } from '../organizations/schema.js';
import { userBranches, users } from '../users/schema.js';
import { touchSession } from './repository.js';
import { hashToken } from './session-token.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Organization flags a route can require (spec 6): declared once in the domain. */
export { ORGANIZATION_FLAGS, type OrganizationFlag } from '@portal/domain';

export type PrincipalBranch = { id: number; branchNumber: number; name: string };

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

export async function loadBranches(db: Database, user: UserRow): Promise<PrincipalBranch[]> {
  return db
    .select({ id: branches.id, branchNumber: branches.branchNumber, name: branches.name })
    .from(branches)
    .where(
      and(
        eq(branches.organizationId, user.organizationId),
        user.useOrganizationBranches
          ? undefined
          : inArray(branches.id, db.select({ id: userBranches.branchId }).from(userBranches).where(eq(userBranches.userId, user.id))),
      ),
    )
    .orderBy(asc(branches.branchNumber));
}

/**
 * The user's branches as a JSON list, for loadPrincipal's single statement: the organization's
 * every branch, or only the user's own when the user does not inherit them (same rule as loadBranches).
 */
const principalBranches = sql<PrincipalBranch[]>`(
  SELECT coalesce(json_agg(json_build_object('id', b.id, 'branchNumber', b.branch_number, 'name', b.name) ORDER BY b.branch_number), '[]'::json)
  FROM ${branches} b
  WHERE b.organization_id = ${users.organizationId}
    AND (${users.useOrganizationBranches} OR EXISTS (SELECT 1 FROM ${userBranches} ub WHERE ub.user_id = ${users.id} AND ub.branch_id = b.id))
)`;

function preparePrincipalQuery(db: Database) {
  return db
    .select({ session: sessions, user: users, organization: organizations, branches: principalBranches })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')})`),
        eq(users.isActive, true),
        eq(users.isVerified, true),
      ),
    )
    .limit(1)
    .prepare('load_principal');
}

/** Every request runs it: prepared once per database (and per pooled connection), never planned again. */
const principalQueries = new WeakMap<Database, ReturnType<typeof preparePrincipalQuery>>();

/**
 * The principal behind a live session of an active, verified user; undefined otherwise. One
 * statement by the session's primary key, branches included.
 */
export async function loadPrincipal(db: Database, tokenHash: string, idleMinutes: number): Promise<Principal | undefined> {
  let query = principalQueries.get(db);
  if (!query) principalQueries.set(db, (query = preparePrincipalQuery(db)));
  const [row] = await query.execute({ tokenHash, idleMinutes });
  if (!row) return undefined;
  return {
    tokenHash,
    deviceId: row.session.deviceId,
    sessionLastSeenAt: row.session.lastSeenAt,
    user: row.user,
    organization: row.organization,
    roles: effectiveRoles(row.user, row.organization),
    branches: row.branches,
  };
}

/** The idle clock moves at most this often, so most requests read the session without writing it. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The caller behind a bearer token, as every session route sees it (http/access.ts), with the
 * session's idle clock moved when it is more than a minute old.
 */
export async function authenticateSession(db: Database, token: string, idleMinutes: number): Promise<Principal | undefined> {
  const principal = await loadPrincipal(db, hashToken(token), idleMinutes);
  if (principal && Date.now() - principal.sessionLastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, principal.tokenHash);
  }
  return principal;
}

export function principalHasRoles(principal: Principal, roles: readonly RoleKey[]): boolean {
  return roles.every((role) => principal.roles[role]);
}

/** The branch of a branch number if the caller may use it (spec 6: users see only their own branches). */
export function branchOf(principal: Principal, branchNumber: number): PrincipalBranch | undefined {
  return principal.branches.find((b) => b.branchNumber === branchNumber);
}
