/**
 * Password reset and activation (spec 4, 5, 7; server-rules "Password codes"):
 * request a code by email, verify it for a one-time token, complete with a new password.
 *
 * Enumeration safety: the request answers the same, after the same work (a code is generated and
 * hashed either way), whether or not the email belongs to an account; throttles count per email
 * whatever it is; verify and complete answer an unknown email exactly like a wrong code.
 *
 * Single use (issue 31): verify spends the code (one token per code), complete spends the token,
 * neither moves the expiry, and a new code retires the old one and its token. Verify and complete
 * run the slow hash, so each first claims a count on its caller's address (auth's
 * claimHashingAttempt) and is refused with 429 before any hash once the address is past its limit.
 */
import { CHALLENGE_MESSAGES } from '@portal/domain/rules';
import type { ChallengeComplete } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { HttpError, tooManyRequests } from '../../http/errors.js';
import {
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
  claimHashingAttempt,
  clearLoginFailures,
  releaseHashingAttempt,
  revokeUserSessions,
  throttleRows,
  type LoginLimitSettings,
  hashToken,
  newSessionToken,
} from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import { enqueueMail } from '../mail/index.js';
import { newChallengeCode } from './code.js';
import { codeMail, inviteMail } from './mail.js';
import {
  claimVerifiedChallenge,
  consumeCode,
  countChallengeAttempt,
  findOpenChallenge,
  findUserByEmail,
  hasLiveToken,
  insertChallenge,
  retireChallenges,
  setPasswordAndVerify,
  throttleKeys,
} from './repository.js';

export const CHALLENGE_LIMITS = {
  /** server-rules "Password codes": a code expires after 15 minutes... */
  codeLifetimeMinutes: 15,
  /** ...and allows a few attempts. */
  maxAttempts: 5,
  /** Spec 9: resend lock. */
  resendLockSeconds: 30,
  /** Code requests from one address within the window (stops mass mailing through the form). */
  requestsPerAddress: 20,
  addressWindowMinutes: 15,
  /** An invitation is read hours or days later, so its code lives longer (docs/decisions). */
  inviteLifetimeHours: 72,
} as const;

const invalidCode = () => new HttpError(400, [{ field: 'challenge', message: CHALLENGE_MESSAGES.codeInvalid }]);
const invalidToken = () => new HttpError(400, [{ field: 'challenge', message: CHALLENGE_MESSAGES.tokenInvalid }]);
const normalEmail = (email: string) => email.trim().toLowerCase();

/** A throttle row for this call; if the key already has `limit` rows in the window, the row is taken back and the call refused. */
async function takeThrottleSlot(db: Database, key: string, limit: number, windowSeconds: number, message: string, field: string) {
  // Counting after inserting makes concurrent calls see each other (no lock needed).
  await throttleRows.add(db, key);
  const used = await throttleRows.count(db, key, windowSeconds);
  if (used > limit) {
    await throttleRows.removeNewest(db, key);
    throw tooManyRequests(field, message);
  }
}

/** A fresh code and its hash; hashing (scrypt) happens outside any transaction. */
export async function prepareCode(): Promise<{ code: string; codeHash: string }> {
  const code = newChallengeCode();
  return { code, codeHash: await hashPassword(code) };
}

/** `POST /api/secure-challenge`: mails a code when the email is an active account; the answer never says. */
export async function requestChallenge(db: Database, rawEmail: string, address: string): Promise<void> {
  const email = normalEmail(rawEmail);
  const addressKey = throttleKeys.requestFrom(address);
  await takeThrottleSlot(
    db,
    addressKey,
    CHALLENGE_LIMITS.requestsPerAddress,
    CHALLENGE_LIMITS.addressWindowMinutes * 60,
    CHALLENGE_MESSAGES.tooManyRequests,
    'email',
  );
  try {
    await takeThrottleSlot(
      db,
      throttleKeys.request(email),
      1,
      CHALLENGE_LIMITS.resendLockSeconds,
      CHALLENGE_MESSAGES.resendTooSoon,
      'email',
    );
  } catch (error) {
    // A refused request is not counted against the address either.
    await throttleRows.removeNewest(db, addressKey);
    throw error;
  }
  const { code, codeHash } = await prepareCode();

  await db.transaction(async (tx) => {
    // A new code gives a fresh set of attempts.
    await throttleRows.clear(tx, throttleKeys.verify(email));
    const user = await findUserByEmail(tx, email);
    // A deactivated account cannot sign in, so it gets no code either (and the answer is the same).
    if (!user || !user.isActive) return;
    await replaceCode(tx, user, { code, codeHash });
  });
}

type CodeRecipient = { id: number; email: string; firstName: string; isVerified: boolean };

/** Retires the user's open codes and queues the mail of a new one, inside the caller's transaction. */
async function replaceCode(tx: Queryable, user: CodeRecipient, prepared: { code: string; codeHash: string }): Promise<void> {
  await retireChallenges(tx, user.id);
  const challenge = await insertChallenge(tx, {
    userId: user.id,
    codeHash: prepared.codeHash,
    lifetimeMinutes: CHALLENGE_LIMITS.codeLifetimeMinutes,
  });
  await enqueueMail(tx, [codeMail(user, prepared.code, challenge.id, CHALLENGE_LIMITS.codeLifetimeMinutes)]);
}

/**
 * Mails a user a new reset (or activation) code at the operator's word (the command line's
 * `users reset-password`): no throttle, the operator vouches for the request.
 */
export async function mailCodeTo(db: Database, user: CodeRecipient): Promise<void> {
  const prepared = await prepareCode();
  await db.transaction((tx) => replaceCode(tx, user, prepared));
}

/** The address limit's inputs: LOGIN_MAX_FAILURES and its window (config.ts). */
export type ChallengeSettings = LoginLimitSettings;

/**
 * `POST /api/secure-challenge/verify`: a right code becomes a one-time token for the new password,
 * once; the code is spent by it.
 */
export async function verifyChallenge(
  db: Database,
  settings: ChallengeSettings,
  rawEmail: string,
  code: string,
  address: string,
): Promise<{ challenge: string }> {
  const email = normalEmail(rawEmail);
  // The address first: fresh emails do not buy an address more hashes (issue 31).
  await claimHashingAttempt(db, settings, address, 'challenge', CHALLENGE_MESSAGES.tooManyFromAddress);
  const verifyKey = throttleKeys.verify(email);
  // The attempt is counted before it is checked, so parallel guesses cannot exceed the limit.
  await throttleRows.add(db, verifyKey);
  const attempts = await throttleRows.count(db, verifyKey, CHALLENGE_LIMITS.codeLifetimeMinutes * 60);
  if (attempts > CHALLENGE_LIMITS.maxAttempts) throw tooManyRequests('challenge', CHALLENGE_MESSAGES.tooManyAttempts);

  const user = await findUserByEmail(db, email);
  const challenge = user?.isActive ? await findOpenChallenge(db, user.id) : undefined;
  if (!challenge || challenge.attempts >= CHALLENGE_LIMITS.maxAttempts) {
    await burnPasswordCheck(code);
    throw invalidCode();
  }
  if (!(await verifyPassword(code, challenge.codeHash))) {
    await countChallengeAttempt(db, challenge.id);
    throw invalidCode();
  }

  const token = newSessionToken();
  // One token per code: of two verifies of one code, even concurrent ones, only one spends it.
  if (!(await consumeCode(db, challenge.id, hashToken(token)))) throw invalidToken();
  await throttleRows.clear(db, verifyKey);
  // A right code was not a guess: it no longer counts against the address.
  await releaseHashingAttempt(db, address);
  return { challenge: token };
}

/**
 * `POST /api/secure-challenge/complete`: sets the password. Activation marks the account verified;
 * every session of the user ends (a reset is often done because someone else may know the old password).
 */
export async function completeChallenge(
  db: Database,
  settings: ChallengeSettings,
  request: ChallengeComplete,
  address: string,
): Promise<{ activated: boolean }> {
  const email = normalEmail(request.email);
  await claimHashingAttempt(db, settings, address, 'password', CHALLENGE_MESSAGES.tooManyFromAddress);
  const user = await findUserByEmail(db, email);
  const tokenHash = hashToken(request.challenge);
  // Only a live token earns the slow hash of the new password (issue 31): an unknown email, a wrong
  // token and a spent or expired one are refused alike, at once, after the same two reads.
  if (!user || !user.isActive || !(await hasLiveToken(db, user.id, tokenHash))) throw invalidToken();
  // Hashed outside the transaction (scrypt takes ~100 ms); the claim below still decides.
  const passwordHash = await hashPassword(request.password);

  const completed = await db.transaction(async (tx) => {
    const claimed = await claimVerifiedChallenge(tx, user.id, tokenHash);
    if (!claimed) return false;
    await retireChallenges(tx, user.id);
    await setPasswordAndVerify(tx, user.id, passwordHash);
    // Issue 20: an invitee's activation is in the audit trail, done by the invitee.
    if (!user.isVerified) {
      const actor = { user, organization: { id: user.organizationId } };
      await recordAudit(tx, actor, {
        kind: 'user.activate',
        subject: user.email,
        subjectId: user.id,
        before: { isVerified: false },
        after: { isVerified: true },
      });
    }
    return true;
  });
  if (!completed) throw invalidToken();
  await releaseHashingAttempt(db, address);

  await revokeUserSessions(db, user.id);
  // Whoever proved they read the mailbox may sign in at once, even after failed logins.
  await clearLoginFailures(db, email);
  return { activated: !user.isVerified };
}

/** An invitation's code, issued inside the caller's transaction (users module, `PUT /api/users`). */
export async function issueInvite(
  tx: Queryable,
  invite: {
    user: { id: number; email: string; firstName: string };
    prepared: { code: string; codeHash: string };
    origin: string;
    organizationName: string;
    invitedBy: string;
  },
): Promise<void> {
  const { user, prepared } = invite;
  const challenge = await insertChallenge(tx, {
    userId: user.id,
    codeHash: prepared.codeHash,
    lifetimeMinutes: CHALLENGE_LIMITS.inviteLifetimeHours * 60,
  });
  const link = `${invite.origin}/password/activate?${new URLSearchParams({ email: user.email, code: prepared.code })}`;
  await enqueueMail(tx, [
    inviteMail(user, {
      code: prepared.code,
      challengeId: challenge.id,
      link,
      organizationName: invite.organizationName,
      invitedBy: invite.invitedBy,
      hours: CHALLENGE_LIMITS.inviteLifetimeHours,
    }),
  ]);
}
