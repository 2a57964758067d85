import { createHash, randomBytes } from 'node:crypto';

/** A bearer token of 256 random bits. Only its SHA-256 is stored, so a database leak yields no live sessions. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
