/**
 * The per-row checks every import shares (catalog, stock, prices, invoices): the row has as many
 * values as the first line has columns, its fields pass the import's schema (a JSON null counts as
 * not given), and its key appears only once in the file. Each failure is an ImportRowError naming
 * the row's place; nothing here reads the database.
 */
import type { z } from 'zod';
import type { ImportRowError, InputRow } from './errors.js';

/** What makes a row unique in its file, the field to blame and how to name it in the message. */
export type RowIdentity = { key: string; field: string; name: string };

export type CheckedRow<T> = { position: number; row: T };

/** The fields of a row a JSON body sent as null count as not given. */
function withoutNulls(cells: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

export function checkInputRows<T>(
  rows: InputRow[],
  schema: z.ZodType<T>,
  identityOf: (row: T) => RowIdentity,
): { valid: CheckedRow<T>[]; errors: ImportRowError[] } {
  const valid: CheckedRow<T>[] = [];
  const errors: ImportRowError[] = [];
  const firstOfKey = new Map<string, number>();
  for (const input of rows) {
    if (input.cellCount !== undefined && input.columnCount !== undefined && input.cellCount !== input.columnCount) {
      errors.push({
        position: input.position,
        field: '',
        message: `The row has ${input.cellCount} values; the first line names ${input.columnCount} columns.`,
      });
      continue;
    }
    const parsed = schema.safeParse(withoutNulls(input.cells));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        const message = issue.code === 'invalid_type' && issue.input === undefined ? `${field} is required.` : issue.message;
        errors.push({ position: input.position, field, message });
      }
      continue;
    }
    const identity = identityOf(parsed.data);
    const first = firstOfKey.get(identity.key);
    if (first !== undefined) {
      errors.push({ position: input.position, field: identity.field, message: `${identity.name} appears again (first at ${first}).` });
      continue;
    }
    firstOfKey.set(identity.key, input.position);
    valid.push({ position: input.position, row: parsed.data });
  }
  return { valid, errors };
}
