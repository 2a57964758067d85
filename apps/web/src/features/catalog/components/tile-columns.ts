/**
 * The catalog grid's columns (SimpleGrid `cols`) and how many tiles its first row holds at a given
 * window width: those are drawn first and their images loaded eagerly; on a phone that is one
 * tile, whose image is the page's largest paint (issue 21). The widths are the theme's
 * breakpoints (app/theme.ts, checked by app/theme.test.ts): SimpleGrid's columns follow the
 * window, not the grid.
 */
export const TILE_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** The theme's xs, md and lg breakpoints in px (30em, 62.5em, 75em). */
export const TILE_BREAKPOINTS_PX = { xs: 480, md: 1000, lg: 1200 } as const;

export function tilesInFirstRow(windowWidth: number): number {
  if (windowWidth >= TILE_BREAKPOINTS_PX.lg) return TILE_COLUMNS.lg;
  if (windowWidth >= TILE_BREAKPOINTS_PX.md) return TILE_COLUMNS.md;
  if (windowWidth >= TILE_BREAKPOINTS_PX.xs) return TILE_COLUMNS.xs;
  return TILE_COLUMNS.base;
}
