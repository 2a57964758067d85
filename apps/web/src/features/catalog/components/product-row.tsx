import { useState } from 'react';
import { Badge, Button, Group, Image, Paper, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { availabilityText, formatMoney, PLACEHOLDER_IMAGE_URL, productQuantityOf } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { AddBlockedReason, addButtonText, useProductCard, type ProductCard } from './product-card';
import { STATUS_COLOR, tileImageOf } from './product-tile';

type ProductRowProps = {
  product: Product;
  /** The catalog of the page, as in its URL (the product carries the resolved id). */
  catalogId: string;
  canOrder: boolean;
  /** A row in the first screenful: its thumbnail loads at once. */
  eager?: boolean;
};

/**
 * The quantity box and the add button: adds the box's quantity, 1 unless the dealer types another
 * (digits only, spec 5: anything else goes back to 1), and the box shows 1 again.
 */
function QuantityAndAdd({ card }: { card: ProductCard }) {
  const [quantity, setQuantity] = useState('1');
  const normalize = () => {
    const value = productQuantityOf(quantity, 0);
    setQuantity(String(value));
    return value;
  };
  const add = () => {
    card.add(normalize());
    setQuantity('1');
  };

  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        aria-label="Quantity"
        aria-describedby={card.titleId}
        value={quantity}
        inputMode="numeric"
        size="xs"
        w={52}
        maxLength={5}
        disabled={card.blockedReason !== null}
        onChange={(event) => setQuantity(event.currentTarget.value)}
        onBlur={normalize}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add();
        }}
      />
      <Button
        size="xs"
        variant={card.inCart > 0 ? 'light' : 'filled'}
        disabled={card.blockedReason !== null}
        aria-describedby={card.addDescribedBy}
        onClick={add}
      >
        {addButtonText(card.inCart)}
      </Button>
    </Group>
  );
}

/**
 * A catalog product on a phone (issue 32: below 825 px a compact list, so twenty products take a
 * fraction of the tiles' height): a small image, the label, SKU, availability and price, and a
 * quantity box beside the add button, which keeps the tile's names ('Add To Cart', then 'Add (n)'
 * with the quantity in the cart). The whole row opens the product, as a tile does; adding is
 * disabled, with its reason shown, while the cart holds another catalog.
 */
export function ProductRow({ product, catalogId, canOrder, eager = false }: ProductRowProps) {
  const card = useProductCard(product, catalogId);
  const info = product.eCommerceInformation;
  const availability = availabilityText(product.availability);

  return (
    <Paper
      withBorder
      p="xs"
      component="article"
      aria-labelledby={card.titleId}
      data-sku={product.sku}
      data-layout="row"
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        // Links, buttons and the quantity box do their own thing.
        if ((event.target as HTMLElement).closest('a, button, input')) return;
        card.open();
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Image
          src={tileImageOf(product)}
          fallbackSrc={PLACEHOLDER_IMAGE_URL}
          alt=""
          w={56}
          h={42}
          width={56}
          height={42}
          fit="contain"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          style={{ flex: 'none' }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text component={Link} to={card.href} id={card.titleId} fw={600} size="sm" lineClamp={2} c="inherit" td="none" lh={1.3}>
            {info.label}
          </Text>
          <Group gap={6} mt={2} wrap="wrap" align="center">
            <Text size="xs" c="dimmed" data-testid="tile-sku">
              {product.sku}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLOR[availability.status]} title={availability.text}>
              {availability.label}
            </Badge>
          </Group>
        </div>
      </Group>
      <Group justify="space-between" wrap="nowrap" mt={6} gap="xs">
        <Text fw={700} data-testid="tile-price">
          {formatMoney(product.price)}
          {card.restrictedPricing && ' MSRP'}
        </Text>
        {canOrder && <QuantityAndAdd card={card} />}
      </Group>
      {canOrder && card.blockedReason && <AddBlockedReason card={card} />}
    </Paper>
  );
}
