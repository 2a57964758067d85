import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures, loginLimits, sessions } from './schema.js';
import { users } from '../users/schema.js';

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

/** A session that is neither revoked, nor past its absolute expiry, nor idle too long. */
export async function findLiveSession(db: Database, tokenHash: string, idleMinutes: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    )
    .limit(1);
  return row;
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

/** Ends every session of a user: on deactivation and on a completed password reset. */
export async function revokeUserSessions(db: Database, userId: number, exceptTokenHash?: string): Promise<void> {
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
 * Clears a throttling key of the password module (`login_failures`); `email:<address>` (a completed
 * password reset) also clears that email's login counters from every address.
 */
export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  if (key.startsWith('email:')) await db.delete(loginLimits).where(eq(loginLimits.email, key.slice('email:'.length)));
}

export async function markLoggedIn(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}
