/** The first row of the catalog grid by window width, against the theme's breakpoints. */
import { describe, expect, it } from 'vitest';
import { tilesInFirstRow } from './tile-columns';

// That the widths are the theme's breakpoints: src/app/theme.test.ts.
describe('tiles in the first row', () => {
  it.each([
    [320, 1],
    [390, 1],
    [479, 1],
    [480, 2],
    [999, 2],
    [1000, 3],
    [1199, 3],
    [1200, 4],
    [1920, 4],
  ])('%i px wide: %i', (width, tiles) => expect(tilesInFirstRow(width)).toBe(tiles));
});
