/** Test helpers: orders inserted at exact times, for windows and scoping tests (never used by the app). */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderLines, orders } from './schema.js';
import { branches } from '../organizations/index.js';
import { users } from '../users/index.js';

let next = 8_100_000;

export async function branchIdOf(db: Database, organizationId: number, branchNumber: number): Promise<number> {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.organizationId, organizationId), eq(branches.branchNumber, branchNumber)));
  if (!row) throw new Error(`no branch ${branchNumber} in organization ${organizationId}`);
  return row.id;
}

export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export type FixtureOrder = Partial<typeof orders.$inferInsert> & { branchNumber?: number };

/** Inserts an order of organization 1 (branch 101 unless told) with one line; answers its document number and id. */
export async function insertOrder(db: Database, values: FixtureOrder = {}): Promise<{ id: number; documentNumber: number }> {
  const { branchNumber = 101, ...rest } = values;
  const documentNumber = rest.documentNumber ?? next++;
  const organizationId = rest.organizationId ?? 1;
  const [row] = await db
    .insert(orders)
    .values({
      documentNumber,
      confirmationNumber: `FIX${documentNumber}`,
      organizationId,
      branchId: await branchIdOf(db, organizationId, branchNumber),
      enteredAt: new Date(),
      shipToName: 'Fixture Garage',
      shipToCity: 'Denver',
      shipToState: 'CO',
      ...rest,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: row!.id,
    lineNumber: 1,
    sku: 'FIXTURE-1',
    description: 'Fixture item',
    quantityOrdered: 2,
    priceCents: 10000,
  });
  return { id: row!.id, documentNumber };
}
