import { startTransition, useEffect, useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import type { Product } from '@portal/domain';
import { ProductRow } from './product-row';
import { ProductTile } from './product-tile';
import { TILE_COLUMNS } from './tile-columns';

type ProductTileGridProps = {
  products: Product[];
  catalogId: string;
  canOrder: boolean;
  /** Tiles as below 825 px, else rows (tile-columns.ts isListLayout). */
  layout: 'tiles' | 'list';
  /** Products in the first screenful: drawn first, their images loaded eagerly. */
  firstRow: number;
  /** A newer answer is on its way or being drawn. */
  busy: boolean;
};

/**
 * A screen's height while only the first screenful is drawn; its rows keep their own height rather
 * than stretch to fill it (one tile on a phone would grow to the screen's height, then shrink: a layout shift).
 */
const PARTIAL_GRID_STYLE = { minHeight: '100vh', alignContent: 'start' } as const;
const PARTIAL_LIST_STYLE = { minHeight: '100vh', justifyContent: 'flex-start' } as const;

/**
 * The catalog page's products: tiles, or on a phone a compact list (issue 32). When they first
 * appear, only the first screenful is drawn, and the rest in a transition right after (issue 21: on
 * a phone drawing every product before the first image took a second at Lighthouse's 4x slowdown).
 * Until all are drawn the grid keeps a screen's height, so what follows does not jump into view and
 * away again (layout shift), and says it is busy.
 */
export function ProductTileGrid({ products, catalogId, canOrder, layout, firstRow, busy }: ProductTileGridProps) {
  const [allDrawn, setAllDrawn] = useState(false);
  useEffect(() => {
    startTransition(() => setAllDrawn(true));
  }, []);
  const shown = allDrawn ? products : products.slice(0, firstRow);
  const partial = shown.length < products.length;

  if (layout === 'list') {
    return (
      <Stack gap={6} aria-busy={busy || partial} style={partial ? PARTIAL_LIST_STYLE : undefined} data-testid="catalog-products">
        {shown.map((product, index) => (
          <ProductRow key={product.sku} product={product} catalogId={catalogId} canOrder={canOrder} eager={index < firstRow} />
        ))}
      </Stack>
    );
  }
  return (
    <SimpleGrid
      cols={TILE_COLUMNS}
      aria-busy={busy || partial}
      style={partial ? PARTIAL_GRID_STYLE : undefined}
      data-testid="catalog-products"
    >
      {shown.map((product, index) => (
        <ProductTile key={product.sku} product={product} catalogId={catalogId} canOrder={canOrder} eager={index < firstRow} />
      ))}
    </SimpleGrid>
  );
}
