/** The rows of a serial register import (issue 37): a CSV file (`Line N`) or a JSON array (`Row N`). */
import { SERIAL_IMPORT_COLUMNS, SERIAL_IMPORT_REQUIRED_COLUMNS } from '@portal/domain/rules';
import { readCsvRows, type InputRow, type RowPlace } from '../imports/index.js';

export function serialRowsOf(body: unknown): { place: RowPlace; rows: InputRow[] } {
  if (typeof body === 'string' || Buffer.isBuffer(body))
    return { place: 'Line', rows: readCsvRows(body, SERIAL_IMPORT_COLUMNS, SERIAL_IMPORT_REQUIRED_COLUMNS) };
  return { place: 'Row', rows: (body as Record<string, unknown>[]).map((cells, i) => ({ position: i + 1, cells })) };
}
