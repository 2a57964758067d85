/**
 * The organization's address book (issue 20): administrators (manageUsers) add, edit and delete;
 * users who check out read it ('Choose Saved Address') and add the address of an order they just
 * placed ('Save this address'). Every address passes the checkout's own validation, and every
 * change is in the audit trail.
 */
import { ADDRESS_BOOK_LIMIT, ADDRESS_MESSAGES, changedFields, shipToProblems } from '@portal/domain/rules';
import type { SavedAddress, SavedAddressInput } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { recordAudit } from '../audit/index.js';
import {
  countAddresses,
  deleteAddress,
  findAddressForUpdate,
  insertAddress,
  listAddresses,
  updateAddress,
  type AddressRow,
  type AddressValues,
} from './repository.js';

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    street1: row.street1,
    street2: row.street2,
    street3: row.street3,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
  };
}

const valuesOf = (address: AddressValues): AddressValues => ({
  name: address.name,
  street1: address.street1,
  street2: address.street2 ?? '',
  street3: address.street3 ?? '',
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  country: address.country,
  phone: address.phone,
  email: address.email,
});

/** The checkout's rules (spec 5 "Checkout form"): 400 with one message per bad field. */
function validated(input: SavedAddressInput): AddressValues {
  const values = valuesOf({ ...input, state: input.state.toUpperCase(), country: input.country.toUpperCase() });
  const problems = shipToProblems(values as Parameters<typeof shipToProblems>[0]);
  if (problems.length > 0) throw new HttpError(400, problems);
  return values;
}

/** Reading is for those who administer the book or check out (the chooser). */
function requireReader(principal: Principal): void {
  if (!principal.roles.manageUsers && !principal.roles.checkout) throw forbidden();
}

/** `GET /api/organization/addresses`. */
export async function listSavedAddresses(db: Database, principal: Principal): Promise<{ addresses: SavedAddress[] }> {
  requireReader(principal);
  return { addresses: (await listAddresses(db, principal.organization.id)).map(toSavedAddress) };
}

/** `POST /api/organization/addresses`: manageUsers, or checkout ('Save this address' after an order). */
export async function createSavedAddress(db: Database, principal: Principal, input: SavedAddressInput): Promise<SavedAddress> {
  requireReader(principal);
  const values = validated(input);
  const organizationId = principal.organization.id;
  const row = await db.transaction(async (tx) => {
    if ((await countAddresses(tx, organizationId)) >= ADDRESS_BOOK_LIMIT)
      throw new HttpError(409, [{ field: '', message: ADDRESS_MESSAGES.limit }]);
    const created = await insertAddress(tx, organizationId, values);
    await recordAudit(tx, principal, {
      kind: 'address.create',
      subject: created.name,
      subjectId: created.id,
      after: toSavedAddress(created),
    });
    return created;
  });
  return toSavedAddress(row);
}

/** `PUT /api/organization/addresses/{id}` (manageUsers, checked by the route); another organization's id is 404. */
export async function updateSavedAddress(db: Database, principal: Principal, id: number, input: SavedAddressInput): Promise<SavedAddress> {
  const values = validated(input);
  const organizationId = principal.organization.id;
  const row = await db.transaction(async (tx) => {
    const before = await findAddressForUpdate(tx, organizationId, id);
    if (!before) throw notFound(ADDRESS_MESSAGES.notFound);
    const after = await updateAddress(tx, organizationId, id, values);
    if (!after) throw notFound(ADDRESS_MESSAGES.notFound);
    const diff = changedFields(toSavedAddress(before), toSavedAddress(after));
    if (diff) await recordAudit(tx, principal, { kind: 'address.update', subject: after.name, subjectId: id, ...diff });
    return after;
  });
  return toSavedAddress(row);
}

/** `DELETE /api/organization/addresses/{id}` (manageUsers, checked by the route); another organization's id is 404. */
export async function deleteSavedAddress(db: Database, principal: Principal, id: number): Promise<void> {
  const organizationId = principal.organization.id;
  await db.transaction(async (tx) => {
    const before = await findAddressForUpdate(tx, organizationId, id);
    if (!before) throw notFound(ADDRESS_MESSAGES.notFound);
    await deleteAddress(tx, organizationId, id);
    await recordAudit(tx, principal, { kind: 'address.delete', subject: before.name, subjectId: id, before: toSavedAddress(before) });
  });
}
