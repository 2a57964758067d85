/** The equipment list as CSV (issue 37): the list's columns, every unit its filters match. */
import type { Equipment } from '@portal/domain';
import type { Database } from '../../db/client.js';
import type { Principal } from '../auth/index.js';
import { csvRow } from '../catalog/index.js';
import { equipmentForExport } from './service.js';
import type { EquipmentFilter } from './repository.js';

export const EQUIPMENT_EXPORT_FILE_NAME = 'equipment.csv';

/** Header and value of each column, in the order of the screen's table, then the rest. */
const COLUMNS: [string, (e: Equipment) => string | number | boolean | null][] = [
  ['Serial Number', (e) => e.serialNumber],
  ['Model', (e) => e.model],
  ['Description', (e) => e.description],
  ['Shipped', (e) => e.shippedDate],
  ['Installed', (e) => e.installedOn],
  ['Location', (e) => e.locationName],
  ['Location Address', (e) => e.locationAddress],
  ['Warranty Ends', (e) => e.warrantyEnds],
  ['Next Inspection', (e) => e.nextInspection],
  ['SKU', (e) => e.sku],
  ['Branch', (e) => e.branchNumber],
  ['Order', (e) => e.documentNumber],
  ['Under Warranty', (e) => e.underWarranty],
  ['Inspection Due', (e) => e.inspectionDue],
];

export async function equipmentCsv(
  db: Database,
  principal: Principal,
  query: EquipmentFilter & { branchNumber?: number },
): Promise<string> {
  const lines = [csvRow(COLUMNS.map(([header]) => header))];
  for await (const batch of equipmentForExport(db, principal, query))
    for (const unit of batch) lines.push(csvRow(COLUMNS.map(([, cell]) => cell(unit))));
  return lines.join('');
}
