/**
 * API keys of the manufacturer's systems (server-rules "Orders"). A key is shown once when made;
 * only its SHA-256 is stored, which is what the access hook (http/access.ts, through
 * authenticateApiKey) compares.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { hashToken } from '../auth/index.js';
import { findLiveApiKeyId, insertApiKey, markApiKeyRevoked, selectApiKeys } from './repository.js';

/** `dpk_` and 256 random bits: recognisable in a secrets scanner, unguessable. */
export function newApiKey(): string {
  return `dpk_${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(db: Database, name: string): Promise<{ id: number; name: string; key: string }> {
  const key = newApiKey();
  const id = await insertApiKey(db, name, hashToken(key));
  return { id, name, key };
}

export function listApiKeys(db: Database) {
  return selectApiKeys(db);
}

/** True when a live key was revoked. */
export async function revokeApiKey(db: Database, id: number): Promise<boolean> {
  return markApiKeyRevoked(db, id);
}

/** The id of the live key a caller presented; undefined for an unknown or revoked key. */
export async function authenticateApiKey(db: Database, key: string): Promise<number | undefined> {
  return findLiveApiKeyId(db, hashToken(key));
}
