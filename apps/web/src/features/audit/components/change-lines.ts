import type { AuditEntry } from '@portal/domain';

/** The audit page's words for an entry's values (issue 20): booleans Yes/No, lists joined, empty shown as (empty). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(valueText).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k} ${valueText(v)}`)
      .join('; ');
  }
  return String(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** One line per field: 'isActive: Yes → No'; a creation lists the new values, a deletion the old. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    if (entry.before === null) return `${key}: ${valueText(after[key])}`;
    if (entry.after === null) return `${key}: ${valueText(before[key])}`;
    return `${key}: ${valueText(before[key])} → ${valueText(after[key])}`;
  });
}
