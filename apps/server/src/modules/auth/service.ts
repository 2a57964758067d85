/**
 * Login, refresh and logout (spec 4 "Session", 7), and what other modules may ask of auth: ending a
 * user's sessions and clearing an email's failed logins. Other modules call this file, never auth's
 * repository.
 */
import type { LoginRequest, Session } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { burnPasswordCheck, verifyPassword } from './password-hash.js';
import type { Principal } from '../../http/principal.js';
import { loadPrincipal } from './principal.js';
import {
  claimLoginAttempts,
  countThrottleRowsSince,
  deleteLoginFailures,
  deleteNewestThrottleRow,
  deleteThrottleRows,
  findUserByEmail,
  insertSession,
  insertThrottleRow,
  isKnownLoginAddress,
  knownAddressKey,
  markLoggedIn,
  pruneLoginLimits,
  releaseAddressAttempt,
  releaseLoginAttempt,
  revokeSession,
  revokeSessionsOfUser,
} from './repository.js';
import { isRecentlyRefused, rememberRefusal } from './refused-addresses.js';
import { buildSessionView } from './session-view.js';
import { hashToken, newSessionToken } from './session-token.js';

export type AuthSettings = {
  sessionMaxHours: number;
  sessionIdleMinutes: number;
  loginMaxFailures: number;
  loginFailureWindowMinutes: number;
};

/** What the login limits need of the settings (the password codes' calls use them too). */
export type LoginLimitSettings = Pick<AuthSettings, 'loginMaxFailures' | 'loginFailureWindowMinutes'>;

/** One office shares an address, so an address may fail more often than one account. */
const ADDRESS_LIMIT_FACTOR = 4;
/**
 * An email's failures from all addresses together, within the window: past this many (10 times the
 * pair limit), a distributed guess at one account is stopped: only an address this email has
 * signed in from before (within KNOWN_ADDRESS_DAYS) may still try, so the real user is not locked
 * out by it either. A completed password reset clears the count.
 */
export const EMAIL_LIMIT_FACTOR = 10;
/** How long a successful login makes its address known for its email. */
export const KNOWN_ADDRESS_DAYS = 30;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'The email address or password is incorrect.',
  inactive: 'This account has been deactivated. Please contact your administrator.',
  unverified: 'This account has not been activated yet. Use the activation code sent to your email.',
  tooMany: 'Too many failed login attempts. Please wait a few minutes and try again.',
} as const;

const refuse = (status: number, message: string) => new HttpError(status, [{ field: 'password', message }]);

/**
 * Throttling (issue 17 finding 5): each attempt first claims a count on its (address, email) pair and
 * on its address, atomically (claimLoginAttempts), and only an attempt within both limits reaches the
 * password check. The pair, not the email, carries the small limit, so a stranger's wrong passwords
 * from another address never lock the real user out; the address limit bounds guessing across emails.
 * A successful login gives its claim back. `address` is the client's address as Fastify derives it
 * under the configured TRUST_PROXY (the socket's address unless a listed proxy forwarded the request).
 */
export async function login(db: Database, settings: AuthSettings, request: LoginRequest, address: string): Promise<Session> {
  const email = request.email.trim().toLowerCase();
  const pairKey = `pair:${address} ${email}`;
  const addressKey = `address:${address}`;
  const emailKey = `email:${email}`;
  // An address past its limit a moment ago is refused without a statement (refused-addresses.ts).
  if (isRecentlyRefused(db, address)) throw tooManyRequests('password', LOGIN_MESSAGES.tooMany);
  // One fixed order (address, pair, email), so concurrent claims never wait on each other in a cycle.
  const counts = await claimLoginAttempts(
    db,
    [
      { key: addressKey, email: null },
      { key: pairKey, email },
      { key: emailKey, email },
    ],
    settings.loginFailureWindowMinutes,
  );
  // An address's first attempt in a window also clears rows whose windows have passed (at most
  // once per address and window, so the table stays as small as the current attacks).
  if (counts.get(addressKey) === 1) await pruneLoginLimits(db, settings.loginFailureWindowMinutes, KNOWN_ADDRESS_DAYS);
  const addressRefused = (counts.get(addressKey) ?? 0) > settings.loginMaxFailures * ADDRESS_LIMIT_FACTOR;
  if (addressRefused) rememberRefusal(db, address);
  if (
    (counts.get(pairKey) ?? 0) > settings.loginMaxFailures ||
    addressRefused ||
    ((counts.get(emailKey) ?? 0) > settings.loginMaxFailures * EMAIL_LIMIT_FACTOR &&
      !(await isKnownLoginAddress(db, address, email, KNOWN_ADDRESS_DAYS)))
  ) {
    throw tooManyRequests('password', LOGIN_MESSAGES.tooMany);
  }

  const user = await findUserByEmail(db, email);
  // An unknown email and an invitee who has not chosen a password yet get the same answer after the
  // same work (the slow hash against a decoy), so neither the body nor the timing tells them apart.
  if (!user?.passwordHash) {
    await burnPasswordCheck(request.password, 'login');
    throw refuse(401, LOGIN_MESSAGES.wrongCredentials);
  }
  if (!(await verifyPassword(request.password, user.passwordHash, 'login'))) throw refuse(401, LOGIN_MESSAGES.wrongCredentials);
  // The right password: the attempt was not a guess, so it no longer counts against pair or address.
  await releaseLoginAttempt(db, pairKey, addressKey, emailKey, knownAddressKey(address, email));
  if (!user.isVerified) throw refuse(403, LOGIN_MESSAGES.unverified);
  if (!user.isActive) throw refuse(403, LOGIN_MESSAGES.inactive);

  const token = newSessionToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    deviceId: request.deviceId,
    expiresAt: new Date(Date.now() + settings.sessionMaxHours * 3_600_000),
  });
  await markLoggedIn(db, user.id);
  const principal = await loadPrincipal(db, hashToken(token), settings.sessionIdleMinutes);
  if (!principal) throw unauthorized();
  return buildSessionView(db, principal, token);
}

export async function refresh(db: Database, principal: Principal, token: string): Promise<Session> {
  return buildSessionView(db, principal, token);
}

export async function logout(db: Database, principal: Principal): Promise<void> {
  await revokeSession(db, principal.tokenHash);
}

/**
 * The per-address limit of the password codes' calls that run the slow hash (verify; complete),
 * issue 31: a call claims a count on the same `address:<address>` counter as login, before any
 * hash, so one address has one budget of failed hashing calls across login, verify and complete
 * (4 × LOGIN_MAX_FAILURES in the window) however many emails it tries. Past it, 429 on `field`.
 * A call that succeeds gives its claim back (`releaseHashingAttempt`), as a successful login does.
 */
export async function claimHashingAttempt(
  db: Database,
  settings: LoginLimitSettings,
  address: string,
  field: string,
  message: string,
): Promise<void> {
  if (isRecentlyRefused(db, address)) throw tooManyRequests(field, message);
  const addressKey = `address:${address}`;
  const counts = await claimLoginAttempts(db, [{ key: addressKey, email: null }], settings.loginFailureWindowMinutes);
  const used = counts.get(addressKey) ?? 0;
  if (used === 1) await pruneLoginLimits(db, settings.loginFailureWindowMinutes, KNOWN_ADDRESS_DAYS);
  if (used > settings.loginMaxFailures * ADDRESS_LIMIT_FACTOR) {
    rememberRefusal(db, address);
    throw tooManyRequests(field, message);
  }
}

/** Gives back the claim of a hashing call that succeeded (a right code, a valid token). */
export async function releaseHashingAttempt(db: Database, address: string): Promise<void> {
  await releaseAddressAttempt(db, `address:${address}`);
}

/** Ends every session of a user at once: on deactivation (users) and on a completed password reset (password). */
export async function revokeUserSessions(db: Database, userId: number): Promise<void> {
  await revokeSessionsOfUser(db, userId);
}

/**
 * Forgets an email's failed logins, from every address: whoever completed a password reset proved
 * they read the mailbox, so they may sign in at once.
 */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await deleteLoginFailures(db, `email:${email}`);
}

/**
 * Rate limits of other modules (the password codes' calls) kept in auth's throttle table
 * (decision 002: in the database, so every process sees them), each under its own keys.
 */
export const throttleRows = {
  /** Counts one call under `key`. */
  add: (db: Queryable, key: string) => insertThrottleRow(db, key),
  /** Takes back the row a refused call added (the newest of its key), so refusals do not extend a lock. */
  removeNewest: (db: Queryable, key: string) => deleteNewestThrottleRow(db, key),
  /** The calls counted under `key` within the last `windowSeconds`. */
  count: (db: Queryable, key: string, windowSeconds: number) => countThrottleRowsSince(db, key, windowSeconds),
  /** Forgets every call counted under `key`. */
  clear: (db: Queryable, key: string) => deleteThrottleRows(db, key),
};
