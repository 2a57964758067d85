/** The rows of an invoice import (issue 36): a CSV file (`Line N`) or a JSON array (`Row N`). */
import { INVOICE_IMPORT_COLUMNS, INVOICE_IMPORT_REQUIRED_COLUMNS } from '@portal/domain/rules';
import { readCsvRows, type InputRow, type RowPlace } from '../imports/index.js';

/** Rows of a CSV body (`Line N`) or a JSON array (`Row N`). */
export function invoiceRowsOf(body: unknown): { place: RowPlace; rows: InputRow[] } {
  if (typeof body === 'string' || Buffer.isBuffer(body))
    return { place: 'Line', rows: readCsvRows(body, INVOICE_IMPORT_COLUMNS, INVOICE_IMPORT_REQUIRED_COLUMNS) };
  return { place: 'Row', rows: (body as Record<string, unknown>[]).map((cells, i) => ({ position: i + 1, cells })) };
}
