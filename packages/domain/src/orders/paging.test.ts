import { describe, expect, it } from 'vitest';
import { normalizeOrderPageSize, normalizeOrderPage } from './paging.js';
import { pageJumpTarget, totalPagesOf } from '../paging.js';

describe('order results paging (spec 5)', () => {
  it.each([
    [10, 10],
    [25, 25],
    [50, 50],
    [100, 100],
    ['50', 50],
    [20, 10],
    [0, 10],
    ['abc', 10],
    [undefined, 10],
  ])('page size %o becomes %i', (value, size) => {
    expect(normalizeOrderPageSize(value)).toBe(size);
  });

  it.each([
    [1, 1],
    [7, 7],
    ['3', 3],
    [0, 1],
    [-2, 1],
    [1.5, 1],
    ['x', 1],
  ])('page %o becomes %i', (value, page) => {
    expect(normalizeOrderPage(value)).toBe(page);
  });

  it('counts pages, at least one', () => {
    expect(totalPagesOf(0, 10)).toBe(1);
    expect(totalPagesOf(10, 10)).toBe(1);
    expect(totalPagesOf(11, 10)).toBe(2);
  });

  it.each([
    ['2', 1, 5, 2],
    ['5', 1, 5, 5],
    ['1', 1, 5, null],
    ['6', 1, 5, null],
    ['0', 1, 5, null],
    ['2.5', 1, 5, null],
    ['abc', 1, 5, null],
    ['', 1, 5, null],
  ])('jump to %s from %i of %i → %o', (text, current, pages, target) => {
    expect(pageJumpTarget(text, current, pages)).toBe(target);
  });
});
