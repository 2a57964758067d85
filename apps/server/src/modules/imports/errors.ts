/** What an import reads and how it refuses (issue 18: each bad row with its line number and reason). */
import { IMPORT_MAX_REPORTED_ERRORS } from '@portal/domain/rules';
import type { ErrorMessage } from '@portal/domain';
import { HttpError } from '../../http/errors.js';

/**
 * One row to import. `position` is the file line a CSV record starts on (the header is line 1), or
 * the 1-based place of an item in a JSON array.
 */
export type InputRow = { position: number; cells: Record<string, unknown>; cellCount?: number; columnCount?: number };

/** Where rows are counted: lines of a CSV file or items of a JSON array. */
export type RowPlace = 'Line' | 'Row';

export type ImportRowError = { position: number; field: string; message: string };

/** The file as a whole cannot be imported (not CSV, unknown or missing columns, no such catalog). */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

/** Some rows are invalid and nothing was written. */
export class ImportRejectedError extends Error {
  constructor(
    readonly place: RowPlace,
    readonly errors: ImportRowError[],
    readonly invalidRows: number,
  ) {
    super(`${invalidRows} row${invalidRows === 1 ? ' is' : 's are'} invalid; nothing was imported.`);
  }
}

/** `Line 12: The MSRP must be ...`, one per bad cell, at most IMPORT_MAX_REPORTED_ERRORS. */
export function describeRowErrors(place: RowPlace, errors: ImportRowError[], invalidRows: number): ErrorMessage[] {
  const listed = errors
    .slice(0, IMPORT_MAX_REPORTED_ERRORS)
    .map((e) => ({ field: e.field, message: `${place} ${e.position}: ${e.message}` }));
  const listedRows = new Set(errors.slice(0, IMPORT_MAX_REPORTED_ERRORS).map((e) => e.position)).size;
  if (invalidRows > listedRows) listed.push({ field: '', message: `${invalidRows - listedRows} more invalid rows are not listed.` });
  return listed;
}

/** The contract's error body for the API: 422 with one message per bad cell, or the file's problem. */
export function toHttpError(error: ImportRejectedError | ImportFileError): HttpError {
  if (error instanceof ImportFileError) return new HttpError(error.status, [{ field: '', message: error.message }]);
  return new HttpError(422, describeRowErrors(error.place, error.errors, error.invalidRows));
}
