/** Login, refresh and logout (spec 4 "Session", 7). */
import type { LoginRequest, Session } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { burnPasswordCheck, verifyPassword } from './password-hash.js';
import { loadPrincipal, type Principal } from './principal.js';
import {
  clearLoginFailures,
  countRecentFailures,
  findUserByEmail,
  insertSession,
  markLoggedIn,
  recordLoginFailure,
  revokeSession,
} from './repository.js';
import { buildSessionView } from './session-view.js';
import { hashToken, newSessionToken } from './session-token.js';

export type AuthSettings = {
  sessionMaxHours: number;
  sessionIdleMinutes: number;
  loginMaxFailures: number;
  loginFailureWindowMinutes: number;
};

/** One office shares an address, so an address may fail more often than one account. */
const ADDRESS_LIMIT_FACTOR = 4;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'The email address or password is incorrect.',
  inactive: 'This account has been deactivated. Please contact your administrator.',
  unverified: 'This account has not been activated yet. Use the activation code sent to your email.',
  tooMany: 'Too many failed login attempts. Please wait a few minutes and try again.',
} as const;

const refuse = (status: number, message: string) => new HttpError(status, [{ field: 'password', message }]);

export async function login(db: Database, settings: AuthSettings, request: LoginRequest, address: string): Promise<Session> {
  const email = request.email.trim().toLowerCase();
  const emailKey = `email:${email}`;
  const addressKey = `ip:${address}`;
  const [emailFailures, addressFailures] = await Promise.all([
    countRecentFailures(db, emailKey, settings.loginFailureWindowMinutes),
    countRecentFailures(db, addressKey, settings.loginFailureWindowMinutes),
  ]);
  if (emailFailures >= settings.loginMaxFailures || addressFailures >= settings.loginMaxFailures * ADDRESS_LIMIT_FACTOR) {
    throw tooManyRequests('password', LOGIN_MESSAGES.tooMany);
  }

  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(request.password);
    await recordLoginFailure(db, [emailKey, addressKey]);
    throw refuse(401, LOGIN_MESSAGES.wrongCredentials);
  }
  // An invited user has no password until activation; say so rather than "incorrect".
  if (!user.passwordHash) throw refuse(403, LOGIN_MESSAGES.unverified);
  if (!(await verifyPassword(request.password, user.passwordHash))) {
    await recordLoginFailure(db, [emailKey, addressKey]);
    throw refuse(401, LOGIN_MESSAGES.wrongCredentials);
  }
  if (!user.isVerified) throw refuse(403, LOGIN_MESSAGES.unverified);
  if (!user.isActive) throw refuse(403, LOGIN_MESSAGES.inactive);

  await clearLoginFailures(db, emailKey);
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
