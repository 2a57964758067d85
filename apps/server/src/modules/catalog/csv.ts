/** CSV writing for the catalog export (RFC 4180: CRLF rows, quotes doubled). */

/**
 * Text cells that a spreadsheet would read as a formula get a leading apostrophe (OWASP "CSV
 * injection"): product texts come from the manufacturer's systems, the file is opened in Excel.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
