import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema.js';

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
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

export async function recordLoginFailure(db: Database, keys: string[]): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
}

export async function countRecentFailures(db: Database, key: string, windowMinutes: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, sql`now() - make_interval(mins => ${windowMinutes})`)));
  return row?.n ?? 0;
}

export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function markLoggedIn(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}
