/**
 * The simulated gateway's SQL (payments/schema.ts): the payment intents and card readers of
 * simulated-gateway.ts and the saved payment methods of simulated-card-vault.ts. The gateway's clock
 * is injected (tests move it), so every write is handed the time it records (`at`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseTransaction, Queryable } from '../db/client.js';
import type { PaymentIntentStatus } from './gateway.js';
import { simulatedPaymentIntents, simulatedPaymentMethods, simulatedReaders } from './schema.js';

export type IntentRow = typeof simulatedPaymentIntents.$inferSelect;
export type ReaderRow = typeof simulatedReaders.$inferSelect;
export type PaymentMethodRow = typeof simulatedPaymentMethods.$inferSelect;
export type ReaderChanges = Partial<typeof simulatedReaders.$inferInsert>;

/** The statuses in which an intent may still be paid, have its amount changed or be cancelled. */
export const PAYABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

const isPayable = (id: string) => and(eq(simulatedPaymentIntents.id, id), inArray(simulatedPaymentIntents.status, PAYABLE));

export async function findIntent(db: Queryable, id: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)).limit(1);
  return row;
}

export async function insertIntent(db: Queryable, values: typeof simulatedPaymentIntents.$inferInsert): Promise<IntentRow> {
  const [row] = await db.insert(simulatedPaymentIntents).values(values).returning();
  return row!;
}

/** Marks the intent paid, once: only a payable intent changes (the update is the check). Answers whether it changed. */
export async function markIntentSucceeded(db: Queryable, id: string, at: Date): Promise<boolean> {
  const paid = await db
    .update(simulatedPaymentIntents)
    .set({ status: 'succeeded', lastErrorCode: null, lastErrorMessage: null, updatedAt: at })
    .where(isPayable(id))
    .returning({ id: simulatedPaymentIntents.id });
  return paid.length > 0;
}

/** Sets a payable intent's amount; undefined when the intent is not payable (or does not exist). */
export async function updatePayableIntentAmount(db: Queryable, id: string, amountCents: number, at: Date): Promise<IntentRow | undefined> {
  const [row] = await db.update(simulatedPaymentIntents).set({ amountCents, updatedAt: at }).where(isPayable(id)).returning();
  return row;
}

export async function cancelPayableIntent(db: Queryable, id: string, at: Date): Promise<void> {
  await db.update(simulatedPaymentIntents).set({ status: 'canceled', updatedAt: at }).where(isPayable(id));
}

/** The card's refusal, kept on the intent as the provider's last_payment_error. */
export async function recordIntentError(db: Queryable, id: string, error: { code: string; message: string }, at: Date): Promise<void> {
  await db
    .update(simulatedPaymentIntents)
    .set({ lastErrorCode: error.code, lastErrorMessage: error.message, updatedAt: at })
    .where(eq(simulatedPaymentIntents.id, id));
}

/** The reader's row, locked for this transaction (created on first use). */
export async function lockReader(tx: DatabaseTransaction, readerId: string): Promise<ReaderRow> {
  await tx.insert(simulatedReaders).values({ id: readerId }).onConflictDoNothing();
  const [row] = await tx.select().from(simulatedReaders).where(eq(simulatedReaders.id, readerId)).for('update');
  return row!;
}

export async function updateReader(tx: DatabaseTransaction, readerId: string, values: ReaderChanges, at: Date): Promise<void> {
  await tx
    .update(simulatedReaders)
    .set({ ...values, updatedAt: at })
    .where(eq(simulatedReaders.id, readerId));
}

export async function findPaymentMethod(db: Queryable, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, id)).limit(1);
  return row;
}

export async function insertPaymentMethod(db: Queryable, values: typeof simulatedPaymentMethods.$inferInsert): Promise<void> {
  await db.insert(simulatedPaymentMethods).values(values);
}

/** Attaches the method to a customer, or detaches it (null). */
export async function setPaymentMethodCustomer(db: Queryable, id: string, customerId: string | null): Promise<void> {
  await db.update(simulatedPaymentMethods).set({ customerId }).where(eq(simulatedPaymentMethods.id, id));
}
