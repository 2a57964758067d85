/**
 * The catalog's layout by window width (issue 32) and how many products its first screenful holds:
 * those are drawn first and their images loaded eagerly (issue 21). Below 825 px the products are a
 * compact list, of which about five rows show on a phone; from 825 px they are tiles, in SimpleGrid
 * columns that follow the window, not the grid; from 1200 px the filters take a column beside them.
 * The widths are the theme's breakpoints (app/theme.ts, checked by app/theme.test.ts).
 */
export const TILE_COLUMNS = { base: 2, md: 3, xl: 4 } as const;

/** The theme's sm, md, lg and xl breakpoints in px (51.5625em, 62.5em, 75em, 90em). */
export const TILE_BREAKPOINTS_PX = { sm: 825, md: 1000, lg: 1200, xl: 1440 } as const;

/** Rows of the phone list in the first screenful (under the header, the search and the sort). */
export const LIST_FIRST_ROWS = 5;

/** Below 825 px the catalog is a list of rows, not tiles. */
export function isListLayout(windowWidth: number): boolean {
  return windowWidth < TILE_BREAKPOINTS_PX.sm;
}

/** From 1200 px the filter groups stand in a column beside the tiles; below, they fold under 'Filters'. */
export function hasFilterColumn(windowWidth: number): boolean {
  return windowWidth >= TILE_BREAKPOINTS_PX.lg;
}

export function tilesInFirstRow(windowWidth: number): number {
  if (isListLayout(windowWidth)) return LIST_FIRST_ROWS;
  if (windowWidth >= TILE_BREAKPOINTS_PX.xl) return TILE_COLUMNS.xl;
  if (windowWidth >= TILE_BREAKPOINTS_PX.md) return TILE_COLUMNS.md;
  return TILE_COLUMNS.base;
}
