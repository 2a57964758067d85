/**
 * The integration module's SQL. Private to the module: the app and other modules call api-keys.ts
 * and service.ts.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys } from './schema.js';

export async function insertApiKey(db: Database, name: string, keyHash: string): Promise<number> {
  const [row] = await db.insert(apiKeys).values({ name, keyHash }).returning({ id: apiKeys.id });
  return row!.id;
}

export function selectApiKeys(db: Database) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .orderBy(asc(apiKeys.id));
}

/** True when a live key was revoked. */
export async function markApiKeyRevoked(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The id of the key with this hash, unless revoked. */
export async function findLiveApiKeyId(db: Database, keyHash: string): Promise<number | undefined> {
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return key?.id;
}
