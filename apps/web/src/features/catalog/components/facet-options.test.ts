/** The choices of a filter group (issue 32). */
import { describe, expect, it } from 'vitest';
import { FACET_VALUES_SHOWN, facetCountOf, facetOptionsOf, shownFacetOptions } from './facet-options';

const facet = Array.from({ length: 12 }, (_, i) => ({ value: `B${i}`, count: 100 - i }));

describe('facet options', () => {
  it("are the facet's values in its order, then chosen values it does not count (count 0)", () => {
    expect(facetOptionsOf(facet.slice(0, 2), ['B1', 'Gone'])).toEqual([
      { value: 'B0', count: 100 },
      { value: 'B1', count: 99 },
      { value: 'Gone', count: 0 },
    ]);
    expect(facetOptionsOf([], [])).toEqual([]);
  });

  it('show the first few and every chosen one until all are asked for', () => {
    const options = facetOptionsOf(facet, ['B10']);
    const shown = shownFacetOptions(options, ['B10'], false);
    expect(shown.map((o) => o.value)).toEqual([...facet.slice(0, FACET_VALUES_SHOWN).map((o) => o.value), 'B10']);
    expect(shownFacetOptions(options, ['B10'], true)).toHaveLength(12);
    expect(shownFacetOptions(facet.slice(0, 3), [], false)).toHaveLength(3);
  });

  it('count of a value, null when not counted', () => {
    const availability = [
      { value: 'inRegion', count: 80 },
      { value: 'any', count: 120 },
    ];
    expect(facetCountOf(availability, 'any')).toBe(120);
    expect(facetCountOf([], 'any')).toBeNull();
  });
});
