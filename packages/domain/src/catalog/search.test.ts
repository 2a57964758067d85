import { describe, expect, it } from 'vitest';
import { catalogSearchRequestSchema } from './search.js';
import { pageJumpTarget, totalPagesOf } from '../paging.js';

describe('catalog paging', () => {
  it('counts pages, at least one', () => {
    expect(totalPagesOf(0, 20)).toBe(1);
    expect(totalPagesOf(20, 20)).toBe(1);
    expect(totalPagesOf(21, 20)).toBe(2);
    expect(totalPagesOf(241, 20)).toBe(13);
  });

  it.each([
    ['3', 1, 13, 3],
    [' 13 ', 1, 13, 13],
    ['1', 1, 13, null],
    ['0', 1, 13, null],
    ['14', 1, 13, null],
    ['-2', 5, 13, null],
    ['2.5', 1, 13, null],
    ['abc', 1, 13, null],
    ['', 1, 13, null],
  ])('jumps from %j (current %i of %i) to %j', (text, current, pages, expected) => {
    expect(pageJumpTarget(text, current, pages)).toBe(expected);
  });

  it('defaults the service paging to page 1 of 25 (spec 9)', () => {
    expect(catalogSearchRequestSchema.parse({})).toMatchObject({ page: 1, pageSize: 25 });
  });
});
