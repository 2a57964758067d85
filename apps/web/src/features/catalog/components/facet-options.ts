/**
 * The choices a filter group shows (issue 32): the facet's values with their counts, in the
 * server's order, plus any chosen value the answer does not count (another filter, or a stale link,
 * left it without matches), so a chosen box can always be unticked. Long groups show their first
 * few, and every chosen one, until the dealer asks for all.
 */
import type { FacetCount } from '@portal/domain';

/** Values a group shows before 'Show all'. */
export const FACET_VALUES_SHOWN = 8;

export function facetOptionsOf(facet: readonly FacetCount[], chosen: readonly string[]): FacetCount[] {
  const counted = new Set(facet.map((entry) => entry.value));
  return [...facet, ...chosen.filter((value) => !counted.has(value)).map((value) => ({ value, count: 0 }))];
}

/** The options shown: all, or the first FACET_VALUES_SHOWN and any chosen one beyond them. */
export function shownFacetOptions(options: readonly FacetCount[], chosen: readonly string[], showAll: boolean): FacetCount[] {
  if (showAll || options.length <= FACET_VALUES_SHOWN) return [...options];
  return options.filter((option, index) => index < FACET_VALUES_SHOWN || chosen.includes(option.value));
}

/** The count of one value in a facet, or null when the answer does not count it. */
export function facetCountOf(facet: readonly FacetCount[], value: string): number | null {
  return facet.find((entry) => entry.value === value)?.count ?? null;
}
