import { auditFieldLabel, auditValueLabel } from '@portal/domain/rules';
import type { AuditEntry } from '@portal/domain';

/**
 * The audit page's words for an entry's values (issue 20): booleans Yes/No, lists joined, empty
 * shown as (empty); field names and keyed values as the screens label them (issue 34, `kind` picks
 * the screen's words where two screens name a field differently).
 */
export function valueText(value: unknown, kind = ''): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => valueText(v, kind)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldLabel(kind, k)} ${valueText(auditValueLabel(k, v), kind)}`)
      .join('; ');
  }
  return String(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** One line per field: 'Active: Yes → No'; a creation lists the new values, a deletion the old. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'> & { kind?: string }): string[] {
  const kind = entry.kind ?? '';
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const text = (key: string, value: unknown) => valueText(auditValueLabel(key, value), kind);
  return keys.map((key) => {
    const label = auditFieldLabel(kind, key);
    if (entry.before === null) return `${label}: ${text(key, after[key])}`;
    if (entry.after === null) return `${label}: ${text(key, before[key])}`;
    return `${label}: ${text(key, before[key])} → ${text(key, after[key])}`;
  });
}
