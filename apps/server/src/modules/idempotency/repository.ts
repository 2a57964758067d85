/** The idempotency module's SQL (table idempotency_keys). Private to the module. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from './schema.js';

export type KeyId = { caller: string; key: string; request: string };
export type KeyRow = typeof idempotencyKeys.$inferSelect;

const matches = (id: KeyId) =>
  and(eq(idempotencyKeys.caller, id.caller), eq(idempotencyKeys.key, id.key), eq(idempotencyKeys.request, id.request));

/**
 * Takes the key for this request: a new row 'running', or the row of an expired key (older than
 * ttlMs), or of a request that stopped without answering (running longer than staleMs). Answers
 * whether this request holds the key now. The primary key decides between concurrent requests.
 */
export async function claimKey(db: Database, id: KeyId, bodyHash: string, ttlMs: number, staleMs: number): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, bodyHash, state: 'running' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key, idempotencyKeys.request],
      set: {
        bodyHash,
        state: 'running',
        statusCode: null,
        contentType: null,
        responseBody: null,
        createdAt: sql`now()`,
        lockedAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${ttlMs}::integer * interval '1 millisecond'
        or (${idempotencyKeys.state} = 'running' and ${idempotencyKeys.lockedAt} < now() - ${staleMs}::integer * interval '1 millisecond')`,
    })
    .returning({ caller: idempotencyKeys.caller });
  return rows.length > 0;
}

export async function findKey(db: Database, id: KeyId): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(matches(id)).limit(1);
  return row;
}

export async function storeAnswer(db: Database, id: KeyId, answer: { statusCode: number; contentType: string | null; body: string }) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.statusCode, contentType: answer.contentType, responseBody: answer.body })
    .where(and(matches(id), eq(idempotencyKeys.state, 'running')));
}

/** Gives the key up (a server error, or no answer): the next request with it runs afresh. */
export async function releaseKey(db: Database, id: KeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(matches(id), eq(idempotencyKeys.state, 'running')));
}

/** Keys older than ttlMs go (called now and then by the hook; a replay never uses them anyway). */
export async function deleteExpiredKeys(db: Database, ttlMs: number): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${ttlMs}::integer * interval '1 millisecond'`);
}
