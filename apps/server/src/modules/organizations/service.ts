/**
 * The organizations module's behaviour beyond its tables: branches with their ship-to addresses
 * (issue 34), read and written by the integration API. The command line (cli/orgs.ts) writes the
 * same columns in its own transaction.
 */
import type { BranchShipTo, OrganizationBranch } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { findBranches, organizationExists, updateBranchShipTo, type BranchRecord, type BranchShipToColumns } from './repository.js';

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
