/** The catalog screen's search state <-> its address (issue 32). */
import { describe, expect, it } from 'vitest';
import { CATALOG_MAX_FILTER_VALUES } from '@portal/domain/rules';
import {
  activeFilterCount,
  catalogQueryOf,
  catalogQueryParams,
  EMPTY_CATALOG_QUERY,
  effectiveSort,
  isNarrowedOrPaged,
  namesCatalogSearch,
  narrowed,
  narrowingCriteriaOf,
  searchedFor,
  withoutFilters,
  type CatalogQuery,
} from './catalog-query';

const of = (search: string) => catalogQueryOf(new URLSearchParams(search));

const full: CatalogQuery = {
  keywords: 'two post',
  page: 3,
  sort: 'price-asc',
  brand: ['Apex Lifting', 'IronPeak'],
  category: ['Two-post lifts'],
  availability: 'inRegion',
};

describe('catalog query from the address', () => {
  it('reads keywords, page, sort, brands, categories and availability', () => {
    expect(
      of('keywords=two+post&page=3&sort=price-asc&brand=Apex+Lifting&brand=IronPeak&category=Two-post+lifts&availability=inRegion'),
    ).toEqual(full);
  });

  it('is the plain first page for a bare address', () => {
    expect(of('')).toEqual(EMPTY_CATALOG_QUERY);
  });

  it('drops what is malformed: an unknown sort or availability, a bad page, empty and repeated filter values', () => {
    expect(of('page=0&sort=cheapest&availability=somewhere&brand=&brand=+IronPeak+&brand=IronPeak&category=%20')).toEqual({
      ...EMPTY_CATALOG_QUERY,
      brand: ['IronPeak'],
    });
    expect(of('page=2.5').page).toBe(1);
    expect(of('page=-3').page).toBe(1);
  });

  it('keeps at most as many filter values as a search may name', () => {
    const many = Array.from({ length: CATALOG_MAX_FILTER_VALUES + 10 }, (_, i) => `brand=B${i}`).join('&');
    expect(of(many).brand).toHaveLength(CATALOG_MAX_FILTER_VALUES);
  });

  it('round-trips through the address', () => {
    for (const query of [EMPTY_CATALOG_QUERY, full, { ...EMPTY_CATALOG_QUERY, brand: ['A & B', 'C=D'], keywords: 'x?y' }]) {
      expect(catalogQueryOf(catalogQueryParams(query))).toEqual(query);
    }
  });

  it('always writes keywords and page, the rest only when set', () => {
    expect(catalogQueryParams(EMPTY_CATALOG_QUERY).toString()).toBe('keywords=&page=1');
    expect(catalogQueryParams(full).toString()).toBe(
      'keywords=two+post&page=3&sort=price-asc&brand=Apex+Lifting&brand=IronPeak&category=Two-post+lifts&availability=inRegion',
    );
  });

  it('tells a search from a bare visit by any of its names', () => {
    expect(namesCatalogSearch(new URLSearchParams(''))).toBe(false);
    expect(namesCatalogSearch(new URLSearchParams('other=1'))).toBe(false);
    for (const search of ['keywords=', 'page=1', 'sort=name', 'brand=X', 'category=Y', 'availability=any']) {
      expect(namesCatalogSearch(new URLSearchParams(search))).toBe(true);
    }
  });

  it('is worth restoring once anything differs from the first plain page', () => {
    expect(isNarrowedOrPaged(EMPTY_CATALOG_QUERY)).toBe(false);
    expect(isNarrowedOrPaged({ ...EMPTY_CATALOG_QUERY, sort: 'name' })).toBe(true);
    expect(isNarrowedOrPaged({ ...EMPTY_CATALOG_QUERY, category: ['X'] })).toBe(true);
    expect(isNarrowedOrPaged({ ...EMPTY_CATALOG_QUERY, page: 2 })).toBe(true);
  });
});

describe('changes of the search', () => {
  it('a sort or a filter goes back to page 1 and keeps the rest', () => {
    expect(narrowed(full, { sort: 'name' })).toEqual({ ...full, sort: 'name', page: 1 });
    expect(narrowed(full, { brand: ['IronPeak', ' IronPeak '] })).toEqual({ ...full, brand: ['IronPeak'], page: 1 });
    expect(narrowed(full, { availability: null })).toEqual({ ...full, availability: null, page: 1 });
  });

  it('a keyword search goes back to page 1 with the sort and filters kept', () => {
    expect(searchedFor(full, '  scissor ')).toEqual({ ...full, keywords: 'scissor', page: 1 });
  });

  it('clearing the filters keeps keywords and sort', () => {
    expect(withoutFilters(full)).toEqual({ ...EMPTY_CATALOG_QUERY, keywords: 'two post', sort: 'price-asc' });
  });

  it('counts the chosen filter values; all products is no filter', () => {
    expect(activeFilterCount(full)).toBe(4);
    expect(activeFilterCount({ ...EMPTY_CATALOG_QUERY, availability: 'any' })).toBe(0);
  });

  it('sorts by relevance with keywords and featured without, unless the dealer chose', () => {
    expect(effectiveSort(EMPTY_CATALOG_QUERY)).toBe('featured');
    expect(effectiveSort({ ...EMPTY_CATALOG_QUERY, keywords: 'lift' })).toBe('relevance');
    expect(effectiveSort({ ...EMPTY_CATALOG_QUERY, keywords: '  ' })).toBe('featured');
    expect(effectiveSort(full)).toBe('price-asc');
  });
});

describe('the criteria sent', () => {
  it('are nothing for a plain page (the server defaults as the screen does)', () => {
    expect(narrowingCriteriaOf(EMPTY_CATALOG_QUERY)).toEqual({});
  });

  it('are the chosen sort and filters, in the body order', () => {
    expect(Object.entries(narrowingCriteriaOf(full))).toEqual([
      ['sort', 'price-asc'],
      ['brand', ['Apex Lifting', 'IronPeak']],
      ['category', ['Two-post lifts']],
      ['availability', 'inRegion'],
    ]);
  });
});
