import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { availabilityText, formatMoney, PLACEHOLDER_IMAGE_URL } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { AddBlockedReason, addButtonText, useProductCard } from './product-card';

/** The image a tile shows: the product's first, or the placeholder drawing. */
export const tileImageOf = (product: Product) => product.eCommerceInformation.images[0] ?? PLACEHOLDER_IMAGE_URL;

/**
 * Starts loading the first tiles' images while those tiles are still being drawn (the catalog page
 * draws a page of tiles in a deferred render): the first image is the page's largest paint, and
 * the tile's own <img> then finds it loaded (issue 21).
 */
export function preloadTileImages(products: Product[]): void {
  for (const product of products) {
    const image = document.createElement('img');
    image.fetchPriority = 'high';
    image.src = tileImageOf(product);
  }
}

export const STATUS_COLOR = { inStock: 'teal', outsideRegion: 'blue', backordered: 'orange', callForAvailability: 'gray' } as const;

type ProductTileProps = {
  product: Product;
  /** The catalog of the page, as in its URL (the product carries the resolved id). */
  catalogId: string;
  canOrder: boolean;
  /** A tile in the first screenful: its image loads at once, first (it is the page's largest paint). */
  eager?: boolean;
};

/**
 * A catalog tile (spec 2 "Catalog"): image or placeholder, price, SKU, availability, brand and
 * label, short description, and 'Add To Cart' or 'Add (n)' with the quantity already in the cart.
 * The whole tile opens the product; adding is disabled while the cart holds another catalog.
 */
export function ProductTile({ product, catalogId, canOrder, eager = false }: ProductTileProps) {
  const card = useProductCard(product, catalogId);
  const info = product.eCommerceInformation;
  const availability = availabilityText(product.availability);

  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-labelledby={card.titleId}
      data-sku={product.sku}
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        // Links and buttons inside do their own thing.
        if ((event.target as HTMLElement).closest('a, button')) return;
        card.open();
      }}
    >
      <Card.Section>
        <Image
          src={tileImageOf(product)}
          fallbackSrc={PLACEHOLDER_IMAGE_URL}
          alt=""
          h={160}
          // Width and height: the box is known before the image arrives (the SVGs are 4:3).
          width={213}
          height={160}
          fit="contain"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </Card.Section>
      <Stack gap={4} mt="xs" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={700} size="lg" data-testid="tile-price">
            {formatMoney(product.price)}
            {card.restrictedPricing && ' MSRP'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="tile-sku">
            {product.sku}
          </Text>
        </Group>
        <Badge variant="light" color={STATUS_COLOR[availability.status]} title={availability.text}>
          {availability.label}
        </Badge>
        <Text size="xs" tt="uppercase" c="dimmed" data-testid="tile-brand">
          {product.brand}
        </Text>
        <Text component={Link} to={card.href} id={card.titleId} fw={600} size="sm" lineClamp={2} c="inherit" td="none">
          {info.label}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {info.shortDescription}
        </Text>
      </Stack>
      {canOrder && (
        <>
          <Button
            mt="sm"
            fullWidth
            variant={card.inCart > 0 ? 'light' : 'filled'}
            disabled={card.blockedReason !== null}
            aria-describedby={card.addDescribedBy}
            onClick={() => card.add(1)}
          >
            {addButtonText(card.inCart)}
          </Button>
          {card.blockedReason && <AddBlockedReason card={card} />}
        </>
      )}
    </Card>
  );
}
