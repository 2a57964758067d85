/**
 * What an audit entry records of a change (issue 20): only the fields whose values differ. The
 * audit trail, the users and addresses services and the command line's organization settings all
 * write their entries with it.
 */

/**
 * Only the fields whose values differ, as `{ before, after }`; null when nothing changed.
 * Arrays and objects compare by their JSON.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}
