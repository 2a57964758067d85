/**
 * Password challenges (table password_challenges) and the keys of the code calls' throttle rows.
 * Throttling shares auth's `login_failures` table with login (decision 002: rate limits live in the
 * database so every server process sees them), through auth's service, under keys of its own,
 * counted per email whether or not the email belongs to a user, so the answers never tell whether
 * an account exists.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { passwordChallenges } from './schema.js';
import { users } from '../users/schema.js';

export type ChallengeRow = typeof passwordChallenges.$inferSelect;

export const throttleKeys = {
  /** One row per accepted code request for an email (the 30 s resend lock). */
  request: (email: string) => `challenge-request:${email}`,
  /** One row per accepted code request from an address (a cap on mass mailing). */
  requestFrom: (address: string) => `challenge-request-ip:${address}`,
  /** One row per failed verify for an email since the last request. */
  verify: (email: string) => `challenge-verify:${email}`,
};

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function insertChallenge(
  db: Queryable,
  values: { userId: number; codeHash: string; lifetimeMinutes: number },
): Promise<ChallengeRow> {
  const [row] = await db
    .insert(passwordChallenges)
    .values({
      userId: values.userId,
      codeHash: values.codeHash,
      expiresAt: sql`now() + make_interval(mins => ${values.lifetimeMinutes})`,
    })
    .returning();
  if (!row) throw new Error('password challenge not inserted');
  return row;
}

/** A newer code replaces every older one of the user, and ends the token of a spent one. */
export async function retireChallenges(db: Queryable, userId: number): Promise<void> {
  await db
    .update(passwordChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordChallenges.userId, userId), isNull(passwordChallenges.usedAt)));
}

/** The user's newest challenge that is unretired and unexpired, if any (its code may be spent already: `tokenHash` set). */
export async function findOpenChallenge(db: Queryable, userId: number): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordChallenges)
    .where(and(eq(passwordChallenges.userId, userId), isNull(passwordChallenges.usedAt), gt(passwordChallenges.expiresAt, sql`now()`)))
    .orderBy(desc(passwordChallenges.id))
    .limit(1);
  return row;
}

export async function countChallengeAttempt(db: Queryable, id: number): Promise<void> {
  await db
    .update(passwordChallenges)
    .set({ attempts: sql`${passwordChallenges.attempts} + 1` })
    .where(eq(passwordChallenges.id, id));
}

/**
 * Spends a right code (issue 31): its token hash is set once, by the one caller whose conditional
 * UPDATE finds the code still unspent, unretired and unexpired; a second verify, even a concurrent
 * one, gets nothing back. The expiry is left as it is: the token lives until the code would have.
 */
export async function consumeCode(db: Queryable, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordChallenges)
    .set({ tokenHash })
    .where(
      and(
        eq(passwordChallenges.id, id),
        isNull(passwordChallenges.tokenHash),
        isNull(passwordChallenges.usedAt),
        gt(passwordChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordChallenges.id });
  return rows.length === 1;
}

/** The user's challenge holding this token, while it is unspent and unexpired. */
function liveToken(userId: number, tokenHash: string) {
  return and(
    eq(passwordChallenges.userId, userId),
    eq(passwordChallenges.tokenHash, tokenHash),
    isNull(passwordChallenges.usedAt),
    gt(passwordChallenges.expiresAt, sql`now()`),
  );
}

/** Whether the user holds this unspent, unexpired token (read before the new password is hashed). */
export async function hasLiveToken(db: Queryable, userId: number, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ id: passwordChallenges.id }).from(passwordChallenges).where(liveToken(userId, tokenHash)).limit(1);
  return row !== undefined;
}

/**
 * Claims the challenge of a token for one completion: the UPDATE succeeds for exactly one caller,
 * so the same token cannot set a password twice, even by two concurrent requests.
 */
export async function claimVerifiedChallenge(db: Queryable, userId: number, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(passwordChallenges)
    .set({ usedAt: sql`now()` })
    .where(liveToken(userId, tokenHash))
    .returning();
  return row;
}

export async function setPasswordAndVerify(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, isVerified: true }).where(eq(users.id, userId));
}
