/** The catalog search's body and its answer's facets (issue 32). */
import { describe, expect, it } from 'vitest';
import { EMPTY_FACETS, facetsOf, searchBodyOf } from './search-body';

const plain = { catalog: 'lifts', keywords: 'jack', page: 2, branchNumber: 101, shipToState: 'CO' };

describe('the search body', () => {
  it('of a plain page is the call it always was', () => {
    expect(JSON.stringify(searchBodyOf(plain))).toBe(
      JSON.stringify({ catalog: 'lifts', keywords: 'jack', page: 2, pageSize: 20, branchNumber: 101, shipToState: 'CO' }),
    );
  });

  it('adds the chosen sort and filters', () => {
    expect(searchBodyOf({ ...plain, sort: 'name', brand: ['IronPeak'], category: [], availability: 'inRegion' })).toEqual({
      ...searchBodyOf(plain),
      sort: 'name',
      brand: ['IronPeak'],
      availability: 'inRegion',
    });
  });
});

describe('the facets of an answer', () => {
  it('are its facets', () => {
    const facets = { brand: [{ value: 'A', count: 1 }], category: [], availability: [{ value: 'any', count: 3 }] };
    expect(facetsOf({ facets })).toEqual(facets);
  });

  it('are empty groups when the server does not count them (yet), whole or in part', () => {
    expect(facetsOf({})).toEqual(EMPTY_FACETS);
    expect(facetsOf({ facets: null })).toEqual(EMPTY_FACETS);
    expect(facetsOf({ facets: { brand: [{ value: 'A', count: 1 }] } })).toEqual({ ...EMPTY_FACETS, brand: [{ value: 'A', count: 1 }] });
  });
});
