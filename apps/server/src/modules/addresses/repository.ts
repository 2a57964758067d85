/** The address book of one organization; every query takes the organization (architecture "Habits"). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { shipToAddresses } from './schema.js';
import type { Queryable } from '../../db/client.js';

export type AddressRow = typeof shipToAddresses.$inferSelect;
export type AddressValues = Pick<
  typeof shipToAddresses.$inferInsert,
  'name' | 'street1' | 'street2' | 'street3' | 'city' | 'state' | 'postalCode' | 'country' | 'phone' | 'email'
>;

export function listAddresses(db: Queryable, organizationId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(shipToAddresses)
    .where(eq(shipToAddresses.organizationId, organizationId))
    .orderBy(asc(sql`lower(${shipToAddresses.name})`), asc(shipToAddresses.id));
}

export async function countAddresses(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shipToAddresses).where(eq(shipToAddresses.organizationId, organizationId));
  return row?.n ?? 0;
}

/** The row locked for the rest of the transaction, so a concurrent edit cannot slip between read and audit. */
export async function findAddressForUpdate(db: Queryable, organizationId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(shipToAddresses)
    .where(and(eq(shipToAddresses.organizationId, organizationId), eq(shipToAddresses.id, id)))
    .for('update');
  return row;
}

export async function insertAddress(db: Queryable, organizationId: number, values: AddressValues): Promise<AddressRow> {
  const [row] = await db
    .insert(shipToAddresses)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

export async function updateAddress(
  db: Queryable,
  organizationId: number,
  id: number,
  values: AddressValues,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(shipToAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shipToAddresses.organizationId, organizationId), eq(shipToAddresses.id, id)))
    .returning();
  return row;
}

export async function deleteAddress(db: Queryable, organizationId: number, id: number): Promise<void> {
  await db.delete(shipToAddresses).where(and(eq(shipToAddresses.organizationId, organizationId), eq(shipToAddresses.id, id)));
}
