/**
 * API keys of the manufacturer's systems (server-rules "Orders"). A key is shown once when made;
 * only its SHA-256 is stored, which is what the access hook (http/access.ts) compares.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, isNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys } from './schema.js';
import { hashToken } from '../auth/session-token.js';

/** `dpk_` and 256 random bits: recognisable in a secrets scanner, unguessable. */
export function newApiKey(): string {
  return `dpk_${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(db: Database, name: string): Promise<{ id: number; name: string; key: string }> {
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ name, keyHash: hashToken(key) })
    .returning({ id: apiKeys.id });
  return { id: row!.id, name, key };
}

export function listApiKeys(db: Database) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .orderBy(asc(apiKeys.id));
}

/** True when a live key was revoked. */
export async function revokeApiKey(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
