/**
 * Installed equipment (issue 37; interface-contract "Equipment"; decision 021): the dealer's units
 * from shipments and from the manufacturer's register, their install date, location and
 * inspections. Scoped like orders: the session's organization and the user's branches (one branch
 * when the list names it); a unit outside that answers 404, whoever owns it.
 */
import {
  serialImportRowSchema,
  type Equipment,
  type EquipmentDetail,
  type EquipmentListResponse,
  type ImportResult,
  type SerialImportRow,
} from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { branchOf, type Principal } from '../auth/index.js';
import { checkInputRows, ImportRejectedError, type InputRow, type RowPlace } from '../imports/index.js';
import { findClaimsInScope } from './claims-repository.js';
import {
  countInspectionsDue,
  findEquipment,
  findEquipmentBatch,
  findEquipmentPage,
  rebuildPageAnchors,
  findInspections,
  findRegisterEntry,
  findUnitOwner,
  insertInspection,
  serialsOfOtherOrganizations,
  unitsClaimedElsewhere,
  unknownReferences,
  updateInstallation,
  upsertRegister,
  upsertUnits,
  type EquipmentFilter,
  type EquipmentRecord,
  type EquipmentScope,
} from './repository.js';

/** Today as a calendar day (UTC), from which warranty and inspections count. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The user's branches, or the one named (a branch the user lacks is refused, never widened). */
export function equipmentScope(principal: Principal, branchNumber?: number): EquipmentScope {
  if (branchNumber === undefined) return { organizationId: principal.organization.id, branchIds: principal.branches.map((b) => b.id) };
  const branch = branchOf(principal, branchNumber);
  if (!branch) throw forbidden('You do not have access to that branch.');
  return { organizationId: principal.organization.id, branchIds: [branch.id] };
}

const UNIT_NOT_FOUND = (serialNumber: string) => notFound(`No equipment with serial number ${serialNumber} was found.`);

export function equipmentOf(r: EquipmentRecord): Equipment {
  const { id: _id, branchId: _branchId, ...rest } = r;
  return rest;
}

export async function listEquipment(
  db: Database,
  principal: Principal,
  query: EquipmentFilter & { branchNumber?: number; page: number; pageSize: number },
  now = new Date(),
): Promise<EquipmentListResponse> {
  const scope = equipmentScope(principal, query.branchNumber);
  const { rows, total, anchorsMissing } = await findEquipmentPage(
    db,
    scope,
    query,
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    todayUtc(now),
  );
  // The branch's units changed since its page anchors were built: this page walked, the next ones will not.
  if (anchorsMissing) await rebuildPageAnchors(db, scope.organizationId, scope.branchIds[0]!);
  return { equipment: rows.map(equipmentOf), totalResults: total, page: query.page, pageSize: query.pageSize };
}

/** Every matching unit for the CSV export, batch by batch (keyset on the serial number). */
export async function* equipmentForExport(
  db: Database,
  principal: Principal,
  query: EquipmentFilter & { branchNumber?: number },
  now = new Date(),
): AsyncGenerator<Equipment[]> {
  const scope = equipmentScope(principal, query.branchNumber);
  let after = '';
  for (;;) {
    const batch = await findEquipmentBatch(db, scope, query, after, 500, todayUtc(now));
    if (batch.length > 0) yield batch.map(equipmentOf);
    if (batch.length < 500) return;
    after = batch[batch.length - 1]!.serialNumber;
  }
}

async function unitInScope(db: Queryable, principal: Principal, serialNumber: string, now: Date): Promise<EquipmentRecord> {
  const unit = await findEquipment(db, equipmentScope(principal), serialNumber, todayUtc(now));
  if (!unit) throw UNIT_NOT_FOUND(serialNumber);
  return unit;
}

export async function equipmentDetail(
  db: Database,
  principal: Principal,
  serialNumber: string,
  now = new Date(),
): Promise<EquipmentDetail> {
  const unit = await unitInScope(db, principal, serialNumber, now);
  const [inspections, claims] = await Promise.all([
    findInspections(db, unit.id),
    findClaimsInScope(db, equipmentScope(principal), unit.id),
  ]);
  return {
    ...equipmentOf(unit),
    inspections,
    claims: claims.map((c) => ({
      id: c.id,
      serialNumber: c.serialNumber,
      model: c.model,
      status: c.status,
      underWarranty: c.underWarranty,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    })),
  };
}

/** 'Installed On' and 'Location': an install date may not lie ahead, nor before the unit shipped. */
export async function updateEquipment(
  db: Database,
  principal: Principal,
  serialNumber: string,
  values: { installedOn: string | null; locationName: string; locationAddress: string },
  now = new Date(),
): Promise<EquipmentDetail> {
  const unit = await unitInScope(db, principal, serialNumber, now);
  if (values.installedOn !== null && values.installedOn > todayUtc(now))
    throw badRequest('installedOn', 'The install date cannot be in the future.');
  if (values.installedOn !== null && unit.shippedDate !== null && values.installedOn < unit.shippedDate)
    throw badRequest('installedOn', 'The install date cannot be before the unit shipped.');
  await updateInstallation(db, unit.id, values);
  return equipmentDetail(db, principal, serialNumber, now);
}

/** 'Record Inspection': the next inspection becomes 12 months after the latest one. */
export async function recordInspection(
  db: Database,
  principal: Principal,
  serialNumber: string,
  values: { inspectedOn: string; inspector: string; passed: boolean; notes: string },
  now = new Date(),
): Promise<EquipmentDetail> {
  const unit = await unitInScope(db, principal, serialNumber, now);
  if (values.inspectedOn > todayUtc(now)) throw badRequest('inspectedOn', 'The inspection date cannot be in the future.');
  await db.transaction((tx) => insertInspection(tx, unit.id, principal.user.id, values));
  return equipmentDetail(db, principal, serialNumber, now);
}

/** The dashboard's 'Inspections Due': the user's branches' units due within 30 days or overdue. */
export async function inspectionsDue(db: Database, principal: Principal, now = new Date()): Promise<{ count: number }> {
  return { count: await countInspectionsDue(db, equipmentScope(principal), todayUtc(now)) };
}

// --- Register Equipment ------------------------------------------------------------------------------

export const REGISTER_MESSAGES = {
  unknown: (s: string) => `Serial number ${s} is not in the manufacturer's records. Check the number on the unit's data plate.`,
  notYours: (s: string) => `Serial number ${s} was not sold to your organization, so it cannot be registered here.`,
  alreadyYours: (s: string) => `Serial number ${s} is already registered to your organization.`,
} as const;

/**
 * 'Register Equipment': a serial the manufacturer's register says was sold to the caller's
 * organization becomes a unit of the branch chosen. A serial unknown to the register, sold to
 * another organization, or already a unit (of anyone) is refused; another organization's unit is
 * refused with the same words as a serial not sold to the caller, so nothing about it leaks.
 */
export async function registerEquipment(
  db: Database,
  principal: Principal,
  request: { serialNumber: string; branchNumber: number },
  now = new Date(),
): Promise<EquipmentDetail> {
  const branch = branchOf(principal, request.branchNumber);
  if (!branch) throw forbidden('You do not have access to that branch.');
  const { serialNumber } = request;
  await db.transaction(async (tx) => {
    const entry = await findRegisterEntry(tx, serialNumber);
    if (!entry) throw badRequest('serialNumber', REGISTER_MESSAGES.unknown(serialNumber));
    const owner = await findUnitOwner(tx, serialNumber);
    if (entry.organizationId !== principal.organization.id || (owner && owner.organizationId !== principal.organization.id))
      throw badRequest('serialNumber', REGISTER_MESSAGES.notYours(serialNumber));
    if (owner) throw new HttpError(409, [{ field: 'serialNumber', message: REGISTER_MESSAGES.alreadyYours(serialNumber) }]);
    await upsertUnits(tx, [
      {
        serialNumber,
        sku: entry.sku,
        organizationId: principal.organization.id,
        branchId: branch.id,
        orderId: null,
        shippedDate: entry.shippedDate,
        registeredByUserId: principal.user.id,
      },
    ]);
  });
  return equipmentDetail(db, principal, serialNumber, now);
}

// --- Serials from the manufacturer (shipments, the register import) ----------------------------------

export type ShippedSerials = {
  organizationId: number;
  branchId: number;
  orderId: number;
  shippedDate: string | null;
  /** Per shipment line: its index in the request, SKU, quantity shipped and serials. */
  lines: { index: number; sku: string; quantityShipped: number; serialNumbers: string[] }[];
};

/**
 * Inside a shipment's transaction (integration API): each serial becomes a unit of the order's
 * organization and branch, and the manufacturer's register records the sale. A line with more
 * serials than units shipped, a serial twice in the shipment, or a serial that is another
 * organization's unit is refused (400) before anything is written.
 */
export async function recordShippedSerials(tx: Queryable, shipment: ShippedSerials): Promise<void> {
  const seen = new Map<string, number>();
  for (const line of shipment.lines) {
    if (line.serialNumbers.length > line.quantityShipped)
      throw badRequest(`lines.${line.index}.serialNumbers`, `Line ${line.index + 1} lists more serial numbers than units shipped.`);
    for (const serial of line.serialNumbers) {
      if (seen.has(serial)) throw badRequest(`lines.${line.index}.serialNumbers`, `Serial number ${serial} appears twice in the shipment.`);
      seen.set(serial, line.index);
    }
  }
  if (seen.size === 0) return;
  const foreign = await serialsOfOtherOrganizations(tx, [...seen.keys()], shipment.organizationId);
  for (const serial of foreign)
    throw badRequest(`lines.${seen.get(serial)}.serialNumbers`, `Serial number ${serial} belongs to another organization's equipment.`);
  const units = shipment.lines.flatMap((line) =>
    line.serialNumbers.map((serialNumber) => ({
      serialNumber,
      sku: line.sku,
      organizationId: shipment.organizationId,
      branchId: shipment.branchId,
      orderId: shipment.orderId,
      shippedDate: shipment.shippedDate,
      registeredByUserId: null,
    })),
  );
  await upsertUnits(tx, units);
  await upsertRegister(
    tx,
    units.map((u) => ({ serialNumber: u.serialNumber, sku: u.sku, organizationId: u.organizationId, shippedDate: u.shippedDate })),
  );
}

const checkSerialRows = (rows: InputRow[]) =>
  checkInputRows(rows, serialImportRowSchema, (row) => ({
    key: row.serialNumber,
    field: 'serialNumber',
    name: `Serial number ${row.serialNumber}`,
  }));

/**
 * The manufacturer's register (`PUT /api/integration/serials`, `import serials FILE`): every row
 * checked first (fields, a serial twice in the file, unknown organizations and SKUs, a serial that
 * is already another organization's unit); one bad row and nothing is written. Idempotent.
 */
export async function importSerials(db: Database, place: RowPlace, rows: InputRow[]): Promise<Omit<ImportResult, 'messages'>> {
  const { valid, errors: rowErrors } = checkSerialRows(rows);
  return db.transaction(async (tx) => {
    const found = valid.map((v) => v.row);
    const unknown = await unknownReferences(tx, [...new Set(found.map((r) => r.organizationId))], [...new Set(found.map((r) => r.sku))]);
    const elsewhere = await unitsClaimedElsewhere(tx, found);
    const errors = [...rowErrors, ...valid.flatMap((v) => referenceErrors(v.position, v.row, unknown, elsewhere))].sort(
      (a, b) => a.position - b.position,
    );
    const invalid = new Set(errors.map((e) => e.position));
    if (invalid.size > 0) throw new ImportRejectedError(place, errors, invalid.size);
    const written = await upsertRegister(tx, found);
    const inserted = written.filter((w) => w.inserted).length;
    return { rows: rows.length, inserted, updated: written.length - inserted, unchanged: valid.length - written.length, skipped: 0 };
  });
}

function referenceErrors(
  position: number,
  row: SerialImportRow,
  unknown: { organizations: Set<number>; skus: Set<string> },
  elsewhere: Set<string>,
) {
  const errors: { position: number; field: string; message: string }[] = [];
  if (unknown.organizations.has(row.organizationId))
    errors.push({ position, field: 'organizationId', message: `No organization has the id ${row.organizationId}.` });
  if (unknown.skus.has(row.sku)) errors.push({ position, field: 'sku', message: `No product has the SKU ${row.sku}.` });
  if (elsewhere.has(row.serialNumber))
    errors.push({ position, field: 'serialNumber', message: `Serial number ${row.serialNumber} is registered to another organization.` });
  return errors;
}
