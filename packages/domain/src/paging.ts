/** Paging rules shared by the catalog and the order results (spec 2, 5). */

/** Pages of a result; at least 1 so the pager reads 'of 1' for an empty result. */
export function totalPagesOf(totalResults: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalResults / pageSize));
}

/**
 * A typed page jump (spec 5 "Page jump: integer > 0, different from current, not above total
 * pages"; "jump only within 1..total pages and different from current"): the page to go to, or
 * null when the box should revert.
 */
export function pageJumpTarget(text: string, current: number, totalPages: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page > 0 && page <= totalPages && page !== current ? page : null;
}
