/** The organizations module's SQL: branches and their ship-to addresses (issue 34), credit limits and fees. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganizationFeeColumns } from '@portal/domain/rules';
import type { Database, Queryable } from '../../db/client.js';
import { branches, organizations } from './schema.js';

export type BranchShipToColumns = Pick<
  typeof branches.$inferSelect,
  'shipToStreet1' | 'shipToStreet2' | 'shipToCity' | 'shipToState' | 'shipToPostalCode'
>;

const branchColumns = {
  branchNumber: branches.branchNumber,
  name: branches.name,
  shipToStreet1: branches.shipToStreet1,
  shipToStreet2: branches.shipToStreet2,
  shipToCity: branches.shipToCity,
  shipToState: branches.shipToState,
  shipToPostalCode: branches.shipToPostalCode,
};
export type BranchRecord = { branchNumber: number; name: string } & BranchShipToColumns;

export async function organizationExists(db: Database, organizationId: number): Promise<boolean> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  return !!row;
}

export function findBranches(db: Database, organizationId: number): Promise<BranchRecord[]> {
  return db.select(branchColumns).from(branches).where(eq(branches.organizationId, organizationId)).orderBy(asc(branches.branchNumber));
}

/** Writes one branch's ship-to columns; answers the branch, or undefined when the organization has no such branch. */
export async function updateBranchShipTo(
  db: Database,
  organizationId: number,
  branchNumber: number,
  columns: BranchShipToColumns,
): Promise<BranchRecord | undefined> {
  const [row] = await db
    .update(branches)
    .set(columns)
    .where(and(eq(branches.organizationId, organizationId), eq(branches.branchNumber, branchNumber)))
    .returning(branchColumns);
  return row;
}

/** Sets the credit limit (cents, null for none); answers whether the organization exists. */
export async function updateCreditLimit(db: Database, organizationId: number, creditLimitCents: number | null): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ creditLimitCents })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** The credit limit, or undefined for no such organization. */
export async function findCreditLimit(db: Queryable, organizationId: number): Promise<{ creditLimitCents: number | null } | undefined> {
  const [row] = await db
    .select({ creditLimitCents: organizations.creditLimitCents })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/** The organization's fee columns by its primary key, or undefined for no such organization. */
export async function findFeeColumns(db: Queryable, organizationId: number): Promise<OrganizationFeeColumns | undefined> {
  const [row] = await db
    .select({
      feeForkliftCents: organizations.feeForkliftCents,
      feeLiftgateCents: organizations.feeLiftgateCents,
      feeResidentialCents: organizations.feeResidentialCents,
      feeNoticeCents: organizations.feeNoticeCents,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * The credit limit, with the organization's row locked until the transaction ends (SELECT ... FOR
 * UPDATE): on-account completions of one organization take their turn (decision 020).
 */
export async function lockCreditLimit(tx: Queryable, organizationId: number): Promise<number | null> {
  const { rows } = await tx.execute(sql`SELECT credit_limit_cents FROM organizations WHERE id = ${organizationId} FOR UPDATE`);
  return (rows[0] as { credit_limit_cents: number | null } | undefined)?.credit_limit_cents ?? null;
}
