/**
 * Dealer organizations as the operator sets them up (`npm run portal -- orgs create|update|list`,
 * spec section 3): flags, roles, fees, own price list, branches and their ship-to addresses,
 * catalogs, card readers (terminals) and sales reps. The command line checks the arguments and
 * hands a change set; the rules that need the database are here, as typed errors (404 for a
 * missing reference, 409 for a card reader of another organization), and each command writes in
 * one transaction. An update is in the organization's audit trail (issue 20), written by the
 * caller's `recordChange` in the same transaction: the audit trail stands on organizations (its
 * table references them), so this module does not import it back.
 */
import { changedFields, ORGANIZATION_FLAGS, organizationFeesCents } from '@portal/domain/rules';
import { formatBranchShipTo } from '@portal/domain/rules';
import type { BranchShipTo } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { isPriceList, unknownCatalogIds } from '../catalog/index.js';
import { branchShipToColumns } from './service.js';
import {
  addTakenBy,
  deleteTakenBy,
  deleteTerminal,
  findBranchesByNumber,
  findOrganizationNameAndRoles,
  findOrganizationSetup,
  findTerminalOwner,
  insertOrganization,
  listOrganizationSummaries,
  lockOrganization,
  replaceOrganizationCatalogs,
  updateBranchColumns,
  updateOrganizationColumns,
  upsertBranch,
  upsertTerminal,
  type BranchRow,
  type OrganizationColumns,
} from './setup-repository.js';

/** What one `orgs create|update` asks to change; undefined lists and columns stay as they are. */
export type OrganizationChanges = {
  columns: OrganizationColumns;
  /** Its own price list; null removes it. */
  priceList: number | null | undefined;
  branches: { number: number; name: string }[];
  branchAddresses: { number: number; address: BranchShipTo | null }[];
  /** The catalogs it sees, first one first (replaces the list). */
  catalogs: string[] | undefined;
  readers: { id: string; name: string }[];
  removeReaders: string[];
  reps: string[];
  removeReps: string[];
};

/** Applies the changes to organization `id` inside `tx`; a missing reference throws and rolls everything back. */
async function applyChanges(tx: Queryable, id: number, changes: OrganizationChanges): Promise<void> {
  if (changes.priceList && !(await isPriceList(tx, changes.priceList))) throw notFound(`No price list has the id ${changes.priceList}.`);
  const columns = { ...changes.columns, ...(changes.priceList === undefined ? {} : { priceListId: changes.priceList }) };
  if (Object.keys(columns).length > 0) await updateOrganizationColumns(tx, id, columns);
  for (const b of changes.branches) await upsertBranch(tx, id, b.number, b.name);
  for (const b of changes.branchAddresses) {
    if (!(await updateBranchColumns(tx, id, b.number, branchShipToColumns(b.address))))
      throw notFound(`The organization has no branch ${b.number} (add it with --branch=${b.number}:NAME).`);
  }
  if (changes.catalogs) {
    const missing = await unknownCatalogIds(tx, changes.catalogs);
    if (missing.length) throw notFound(`No catalog has the id ${missing.join(', ')}.`);
    await replaceOrganizationCatalogs(tx, id, changes.catalogs);
  }
  for (const readerId of changes.removeReaders) {
    if (!(await deleteTerminal(tx, id, readerId))) throw notFound(`The organization has no card reader ${readerId}.`);
  }
  for (const r of changes.readers) {
    const owner = await findTerminalOwner(tx, r.id);
    if (owner !== undefined && owner !== id) throw conflict(`The card reader ${r.id} belongs to another organization.`);
    await upsertTerminal(tx, id, r.id, r.name);
  }
  for (const name of changes.removeReps) {
    if (!(await deleteTakenBy(tx, id, name))) throw notFound(`The organization has no sales rep "${name}".`);
  }
  for (const name of changes.reps) await addTakenBy(tx, id, name);
}

function branchShipToOf(b: BranchRow): BranchShipTo {
  return { street1: b.shipToStreet1, street2: b.shipToStreet2, city: b.shipToCity, state: b.shipToState, postalCode: b.shipToPostalCode };
}

/** An organization's settings as the audit trail and the command's answer show them. */
export async function organizationSettings(q: Queryable, id: number) {
  const found = await findOrganizationSetup(q, id);
  if (!found) throw notFound(`No organization has the id ${id}.`);
  const { org } = found;
  return {
    name: org.name,
    flags: ORGANIZATION_FLAGS.filter((f) => org[f]),
    roles: org.roles,
    feesCents: organizationFeesCents(org),
    priceListId: org.priceListId,
    branches: found.branches.map(
      (b) => `${b.branchNumber} ${b.name}${b.shipToStreet1 ? ` (ship to ${formatBranchShipTo(branchShipToOf(b))})` : ''}`,
    ),
    catalogs: found.catalogs.map((c) => c.catalogId),
    cardReaders: found.readers.map((r) => `${r.id} ${r.name}`),
    salesReps: found.reps.map((r) => r.name),
  };
}

/** `orgs create`: a new organization named `changes.columns.name`, with the rest of the changes; answers its id. */
export async function createOrganization(db: Database, changes: OrganizationChanges & { columns: { name: string } }): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await insertOrganization(tx, changes.columns.name);
    await applyChanges(tx, id, changes);
    return id;
  });
}

/** What changed in an update, for the audit trail: only the settings that differ. */
export type OrganizationChange = { kind: 'organization.update'; subject: string; subjectId: number; before: unknown; after: unknown };

/** `orgs update`: the changes, and `recordChange` (the audit entry) with the settings that changed, in one transaction. */
export async function updateOrganization(
  db: Database,
  id: number,
  changes: OrganizationChanges,
  recordChange: (tx: Queryable, organizationId: number, change: OrganizationChange) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, id))) throw notFound(`No organization has the id ${id}.`);
    const before = await organizationSettings(tx, id);
    await applyChanges(tx, id, changes);
    const changed = changedFields(before, await organizationSettings(tx, id));
    if (changed) await recordChange(tx, id, { kind: 'organization.update', subject: before.name, subjectId: id, ...changed });
  });
}

/** `orgs list`: every organization with its branch numbers and catalog ids. */
export const listOrganizations = (db: Database) => listOrganizationSummaries(db);

/**
 * What a new user of the organization may be given (`users create`): its name and roles, and the
 * ids of the branches among `branchNumbers` (an unknown number is left out); undefined when there
 * is no such organization.
 */
export async function organizationForNewUser(db: Database, id: number, branchNumbers: number[]) {
  const org = await findOrganizationNameAndRoles(db, id);
  if (!org) return undefined;
  return { ...org, branches: await findBranchesByNumber(db, id, branchNumbers) };
}
