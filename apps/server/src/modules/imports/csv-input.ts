/**
 * Reading an import file (CSV, RFC 4180 as the catalog export writes it: header row, CRLF or LF,
 * quotes doubled, an optional UTF-8 byte order mark). Each record keeps the line it starts on, so a
 * bad row is reported where a person editing the file will look for it.
 */
import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from '@portal/domain/rules';
import type { ImportKind } from '@portal/domain/rules';
import { ImportFileError, type InputRow } from './errors.js';

/**
 * The export prefixes text that a spreadsheet would run as a formula with an apostrophe
 * (catalog/csv.ts, OWASP "CSV injection"); reading it back removes that apostrophe, so an exported
 * file imports unchanged.
 */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

export function unescapeCell(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
}

/** The data rows of a CSV import file, or ImportFileError when the file itself cannot be read. */
export function readImportCsv(kind: ImportKind, input: string | Buffer): InputRow[] {
  return readCsvRows(input, IMPORT_COLUMNS[kind], IMPORT_REQUIRED_COLUMNS[kind]);
}

/** The same for a file of any columns (the invoices of modules/account, issue 36). */
export function readCsvRows(input: string | Buffer, columns: readonly string[], requiredColumns: readonly string[]): InputRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(input, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportFileError(
      `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
  if (records.length === 0) throw new ImportFileError(`The file is empty; its first line must name the columns: ${columns.join(',')}.`);

  const header = records[0]!.record.map((name) => name.trim());
  const known = new Set(columns);
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new ImportFileError(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}; the columns are ${columns.join(',')}.`,
    );
  const repeated = header.filter((name, i) => header.indexOf(name) !== i);
  if (repeated.length > 0) throw new ImportFileError(`The column "${repeated[0]}" appears twice in the first line.`);
  const missing = requiredColumns.filter((name) => !header.includes(name));
  if (missing.length > 0)
    throw new ImportFileError(`The first line lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);

  const rows: InputRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const { record, info } = records[i]!;
    const cells: Record<string, unknown> = {};
    for (let c = 0; c < header.length; c++) cells[header[c]!] = unescapeCell(record[c] ?? '');
    rows.push({ position: info.lines, cells, cellCount: record.length, columnCount: header.length });
  }
  return rows;
}
