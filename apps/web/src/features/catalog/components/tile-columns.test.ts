/** The catalog's layout and first screenful by window width, against the theme's breakpoints. */
import { describe, expect, it } from 'vitest';
import { hasFilterColumn, isListLayout, LIST_FIRST_ROWS, tilesInFirstRow } from './tile-columns';

// That the widths are the theme's breakpoints: src/app/theme.test.ts.
describe('products in the first screenful', () => {
  it.each([
    [320, LIST_FIRST_ROWS],
    [390, LIST_FIRST_ROWS],
    [824, LIST_FIRST_ROWS],
    [825, 2],
    [999, 2],
    [1000, 3],
    [1439, 3],
    [1440, 4],
    [1920, 4],
  ])('%i px wide: %i', (width, products) => expect(tilesInFirstRow(width)).toBe(products));
});

describe('layout', () => {
  it('is a list below 825 px and tiles from there', () => {
    expect([390, 824, 825, 1280].map(isListLayout)).toEqual([true, true, false, false]);
  });

  it('puts the filters in a column from 1200 px', () => {
    expect([390, 1199, 1200, 1920].map(hasFilterColumn)).toEqual([false, false, true, true]);
  });
});
