/**
 * The organizations module's behaviour beyond its tables: branches with their ship-to addresses
 * (issue 34) and credit limits, read and written by the integration API, and the fees other modules
 * charge with. The operator's set-up of organizations
 * (`npm run portal -- orgs`) is setup.ts.
 */
import type { BranchShipTo, OrganizationBranch } from '@portal/domain';
import { organizationFeesCents, type FeesCents } from '@portal/domain/rules';
import type { Database, Queryable } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import {
  findBranches,
  findCreditLimit,
  findFeeColumns,
  lockCreditLimit,
  organizationExists,
  updateBranchShipTo,
  updateCreditLimit,
  type BranchRecord,
  type BranchShipToColumns,
} from './repository.js';

/** The columns of an address; null clears it (empty columns). */
export function branchShipToColumns(address: BranchShipTo | null): BranchShipToColumns {
  return {
    shipToStreet1: address?.street1 ?? '',
    shipToStreet2: address?.street2 ?? '',
    shipToCity: address?.city ?? '',
    shipToState: address?.state ?? '',
    shipToPostalCode: address?.postalCode ?? '',
  };
}

/** A branch as the API answers it: shipTo null while its street is empty. */
export function organizationBranchOf(row: BranchRecord): OrganizationBranch {
  return {
    branchNumber: row.branchNumber,
    name: row.name,
    shipTo: row.shipToStreet1
      ? {
          street1: row.shipToStreet1,
          street2: row.shipToStreet2,
          city: row.shipToCity,
          state: row.shipToState,
          postalCode: row.shipToPostalCode,
        }
      : null,
  };
}

export async function organizationBranches(db: Database, organizationId: number): Promise<OrganizationBranch[]> {
  if (!(await organizationExists(db, organizationId))) throw notFound('The organization was not found.');
  return (await findBranches(db, organizationId)).map(organizationBranchOf);
}

export async function setBranchShipTo(
  db: Database,
  organizationId: number,
  branchNumber: number,
  address: BranchShipTo | null,
): Promise<OrganizationBranch> {
  const row = await updateBranchShipTo(db, organizationId, branchNumber, branchShipToColumns(address));
  if (!row) throw notFound('The branch was not found.');
  return organizationBranchOf(row);
}

/** Issue 36: `PUT /api/integration/organizations/{id}/credit`; 404 for an unknown organization. */
export async function setCreditLimit(db: Database, organizationId: number, creditLimitCents: number | null): Promise<void> {
  if (!(await updateCreditLimit(db, organizationId, creditLimitCents))) throw notFound('The organization was not found.');
}

/** The organization's credit limit in cents (null: no limit). */
export async function creditLimitOf(db: Queryable, organizationId: number): Promise<number | null> {
  const row = await findCreditLimit(db, organizationId);
  if (!row) throw notFound('The organization was not found.');
  return row.creditLimitCents;
}

/** The credit limit, the organization's row locked for the rest of the transaction (decision 020). */
export const lockedCreditLimit = (tx: Queryable, organizationId: number): Promise<number | null> => lockCreditLimit(tx, organizationId);

/**
 * The organization's fees in cents (spec 9), as they are now: the cart's charges and the session
 * answer read them here, not from the signed-in caller (http/principal.ts). One read by the
 * organization's primary key; 404 for an unknown organization.
 */
export async function organizationFees(db: Queryable, organizationId: number): Promise<FeesCents> {
  const columns = await findFeeColumns(db, organizationId);
  if (!columns) throw notFound('The organization was not found.');
  return organizationFeesCents(columns);
}
