import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { TILE_BREAKPOINTS_PX } from '@/features/catalog/components/tile-columns';
import { colors, DIMMED_TEXT, theme } from './theme';

/** WCAG 2.1 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const WHITE = '#ffffff';
const GRAY_0 = DEFAULT_THEME.colors.gray[0];
const GRAY_1 = DEFAULT_THEME.colors.gray[1];
const palettes = { ...DEFAULT_THEME.colors, ...colors };
const textColours = Object.entries(palettes).filter(([name]) => name !== 'dark');

describe('theme contrast (WCAG AA, issue 21)', () => {
  it('uses shade 8 as the primary shade', () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
  });

  it.each(textColours)('%s: shade 8 carries a white label, and is text on white and on striped rows (4.5:1)', (_name, shades) => {
    expect(contrast(shades[8], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[8], GRAY_0)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(textColours)("%s: shade 9 (light badges, alerts) reads on the colour's shade 1 and on white (4.5:1)", (_name, shades) => {
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9], WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(textColours)('%s: shade 7 (large text, UI parts) reaches 3:1 on white', (_name, shades) => {
    expect(contrast(shades[7], WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('dimmed text reads on white, striped and hovered rows (4.5:1), where Mantine gray-6 did not', () => {
    for (const background of [WHITE, GRAY_0, GRAY_1]) expect(contrast(DIMMED_TEXT, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(4.5);
  });
});

describe('breakpoints', () => {
  it("are the widths the catalog's layout and first screenful are worked out with (features/catalog/components/tile-columns.ts)", () => {
    const px = (em: string | undefined) => parseFloat(em ?? '') * 16;
    const { sm, md, lg, xl } = theme.breakpoints ?? {};
    expect(TILE_BREAKPOINTS_PX).toEqual({ sm: px(sm), md: px(md), lg: px(lg), xl: px(xl) });
  });
});
