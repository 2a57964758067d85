/**
 * The auth module's SQL: sessions, login throttling, and the reads behind the signed-in caller
 * (principal.ts) and the Session answer (session-view.ts). Private to the module: other modules call
 * auth/service.ts.
 */
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Catalog } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import type { PrincipalBranch } from '../../http/principal.js';
import { catalogs } from '../catalog/schema.js';
import { branches, organizationCatalogs, organizations, takenBys, terminals } from '../organizations/schema.js';
import { userBranches, userCatalogs, users } from '../users/schema.js';
import { loginFailures, loginLimits, sessions } from './schema.js';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function insertSession(
  db: Database,
  values: { tokenHash: string; userId: number; deviceId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Moves the idle clock; written at most once a minute per session to keep reads cheap. */
export async function touchSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
}

export async function revokeSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every session of a user but `exceptTokenHash`'s. */
export async function revokeSessionsOfUser(db: Database, userId: number, exceptTokenHash?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? sql`${sessions.tokenHash} <> ${exceptTokenHash}` : undefined,
      ),
    );
}

export type LoginLimitClaim = { key: string; email: string | null };

/**
 * Claims one login attempt on each key and answers each key's count in its current window, in one
 * statement: the row lock of ON CONFLICT DO UPDATE orders concurrent claims, so N concurrent
 * attempts get the counts 1..N, never the same count twice (on PostgreSQL and PGlite alike).
 * A claim after the window has passed restarts it at 1. Callers pass the keys in one fixed order
 * so that two claims never wait on each other's rows.
 */
export async function claimLoginAttempts(db: Database, claims: LoginLimitClaim[], windowMinutes: number): Promise<Map<string, number>> {
  const expired = sql`${loginLimits.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(loginLimits)
    .values(claims.map(({ key, email }) => ({ key, email, attempts: 1 })))
    .onConflictDoUpdate({
      target: loginLimits.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginLimits.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginLimits.windowStartedAt} end`,
      },
    })
    .returning({ key: loginLimits.key, attempts: loginLimits.attempts });
  return new Map(rows.map((r) => [r.key, r.attempts]));
}

/** The row that marks an address as one the email has signed in from (its window start is the last success). */
export function knownAddressKey(address: string, email: string): string {
  return `known:${address} ${email}`;
}

/**
 * Gives back the claim of a successful login: the pair's count is cleared, the address's and the
 * email's lowered by one; the address becomes known for the email (service.ts EMAIL_LIMIT_FACTOR).
 */
export async function releaseLoginAttempt(
  db: Database,
  pairKey: string,
  addressKey: string,
  emailKey: string,
  knownKey: string,
): Promise<void> {
  await db.delete(loginLimits).where(eq(loginLimits.key, pairKey));
  await db
    .update(loginLimits)
    .set({ attempts: sql`greatest(${loginLimits.attempts} - 1, 0)` })
    .where(inArray(loginLimits.key, [addressKey, emailKey]));
  const email = emailKey.slice('email:'.length);
  await db
    .insert(loginLimits)
    .values({ key: knownKey, email, attempts: 0 })
    .onConflictDoUpdate({ target: loginLimits.key, set: { windowStartedAt: sql`now()` } });
}

/** Gives back one claim of an address (a password code call that succeeded, auth/service.ts). */
export async function releaseAddressAttempt(db: Database, addressKey: string): Promise<void> {
  await db
    .update(loginLimits)
    .set({ attempts: sql`greatest(${loginLimits.attempts} - 1, 0)` })
    .where(eq(loginLimits.key, addressKey));
}

/** Whether the email signed in from this address within the last `days`. */
export async function isKnownLoginAddress(db: Database, address: string, email: string, days: number): Promise<boolean> {
  const [row] = await db
    .select({ key: loginLimits.key })
    .from(loginLimits)
    .where(
      and(
        eq(loginLimits.key, knownAddressKey(address, email)),
        gt(loginLimits.windowStartedAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes counters whose window has passed (a later claim would restart them at 1 anyway) and
 * known-address marks older than `knownDays`. Answers how many rows went.
 */
export async function pruneLoginLimits(db: Database, windowMinutes: number, knownDays: number): Promise<number> {
  const deleted = await db
    .delete(loginLimits)
    .where(
      sql`(${loginLimits.key} NOT LIKE 'known:%' AND ${loginLimits.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes}))
        OR (${loginLimits.key} LIKE 'known:%' AND ${loginLimits.windowStartedAt} <= now() - make_interval(days => ${knownDays}))`,
    )
    .returning({ key: loginLimits.key });
  return deleted.length;
}

/**
 * Throttle rows of other rate limits (the password codes' calls) in the same `login_failures` table,
 * under their own keys: one row per counted call, counted within a window.
 */
export async function insertThrottleRow(db: Queryable, key: string): Promise<void> {
  await db.insert(loginFailures).values({ key });
}

/** Takes back the newest row of a key. */
export async function deleteNewestThrottleRow(db: Queryable, key: string): Promise<void> {
  await db.execute(sql`delete from login_failures where id = (select max(id) from login_failures where key = ${key})`);
}

export async function countThrottleRowsSince(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return row?.n ?? 0;
}

export async function deleteThrottleRows(db: Queryable, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/**
 * Clears a throttling key (`login_failures`); `email:<address>` also clears that email's login
 * counters from every address.
 */
export async function deleteLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  if (key.startsWith('email:')) await db.delete(loginLimits).where(eq(loginLimits.email, key.slice('email:'.length)));
}

export async function markLoggedIn(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * The user's branches as a JSON list, for the principal's single statement: the organization's
 * every branch, or only the user's own when the user does not inherit them.
 */
const principalBranches = sql<PrincipalBranch[]>`(
  SELECT coalesce(json_agg(json_build_object('id', b.id, 'branchNumber', b.branch_number, 'name', b.name) ORDER BY b.branch_number), '[]'::json)
  FROM ${branches} b
  WHERE b.organization_id = ${users.organizationId}
    AND (${users.useOrganizationBranches} OR EXISTS (SELECT 1 FROM ${userBranches} ub WHERE ub.user_id = ${users.id} AND ub.branch_id = b.id))
)`;

/** The columns of the caller's user (http/principal.ts CallerUser); its stored roles beside, for its effective ones. */
const callerUserColumns = {
  id: users.id,
  organizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  restrictedPricing: users.restrictedPricing,
  limitOrderHistory: users.limitOrderHistory,
  allowCashSales: users.allowCashSales,
  useOrganizationBranches: users.useOrganizationBranches,
  useOrganizationRoles: users.useOrganizationRoles,
  useOrganizationCatalogs: users.useOrganizationCatalogs,
};

/** The columns of the caller's organization (http/principal.ts CallerOrganization). */
const callerOrganizationColumns = {
  id: organizations.id,
  name: organizations.name,
  roles: organizations.roles,
  allowBadgeScan: organizations.allowBadgeScan,
  allowCashSales: organizations.allowCashSales,
  allowPriceOverride: organizations.allowPriceOverride,
  allowOnAccount: organizations.allowOnAccount,
  allowTerminals: organizations.allowTerminals,
  allowTakenBy: organizations.allowTakenBy,
  allowCardPayments: organizations.allowCardPayments,
  isTaxable: organizations.isTaxable,
};

function preparePrincipalQuery(db: Database) {
  return db
    .select({
      session: { deviceId: sessions.deviceId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
      user: callerUserColumns,
      userRoles: users.roles,
      organization: callerOrganizationColumns,
      branches: principalBranches,
    })
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
 * A live session of an active, verified user, with the user, the organization and the user's
 * branches; undefined otherwise. One statement by the session's primary key.
 */
export async function findSessionCaller(db: Database, tokenHash: string, idleMinutes: number) {
  let query = principalQueries.get(db);
  if (!query) principalQueries.set(db, (query = preparePrincipalQuery(db)));
  const [row] = await query.execute({ tokenHash, idleMinutes });
  return row;
}

/** Every branch of an organization with its ship-to address columns (issue 34), by number. */
export function findOrganizationBranches(db: Database, organizationId: number) {
  return db
    .select({
      branchNumber: branches.branchNumber,
      name: branches.name,
      street1: branches.shipToStreet1,
      street2: branches.shipToStreet2,
      city: branches.shipToCity,
      state: branches.shipToState,
      postalCode: branches.shipToPostalCode,
    })
    .from(branches)
    .where(eq(branches.organizationId, organizationId))
    .orderBy(asc(branches.branchNumber));
}

/** The organization's catalogs, in its order. */
export async function findOrganizationCatalogs(db: Database, organizationId: number): Promise<Catalog[]> {
  return db
    .select({ id: catalogs.id, label: catalogs.label })
    .from(organizationCatalogs)
    .innerJoin(catalogs, eq(catalogs.id, organizationCatalogs.catalogId))
    .where(eq(organizationCatalogs.organizationId, organizationId))
    .orderBy(asc(organizationCatalogs.position), asc(catalogs.id));
}

/** The user's phone and mail subscriptions, for the Session answer (the caller carries neither). */
export async function findUserContact(db: Database, userId: number) {
  const [row] = await db
    .select({ phone: users.phone, subConfirmation: users.subConfirmation, subShipping: users.subShipping, subInvoice: users.subInvoice })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { phone: '', subConfirmation: '', subShipping: '', subInvoice: '' };
}

/** The ids of the catalogs given to the user itself (used when it does not inherit the organization's). */
export async function findUserCatalogIds(db: Database, userId: number): Promise<Set<string>> {
  const own = await db.select({ id: userCatalogs.catalogId }).from(userCatalogs).where(eq(userCatalogs.userId, userId));
  return new Set(own.map((c) => c.id));
}

export async function findOrganizationTerminals(db: Database, organizationId: number): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(eq(terminals.organizationId, organizationId))
    .orderBy(asc(terminals.name));
}

export async function findOrganizationTakenBys(db: Database, organizationId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: takenBys.id, name: takenBys.name })
    .from(takenBys)
    .where(eq(takenBys.organizationId, organizationId))
    .orderBy(asc(takenBys.name));
}
