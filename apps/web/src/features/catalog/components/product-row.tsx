import { useState } from 'react';
import { Badge, Button, Group, Image, Paper, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { availabilityText, cartItemInputOf, formatMoney, PLACEHOLDER_IMAGE_URL, productQuantityOf } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { useCartActions, useCartCatalog, useCartQuantity } from '@/app/providers/cart';
import { useSession } from '@/lib/session-store';
import { addBlockedReason } from './add-blocked-reason';
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
 * A catalog product on a phone (issue 32: below 825 px a compact list, so twenty products take a
 * fraction of the tiles' height): a small image, the label, SKU, availability and price, and a
 * quantity box beside the add button. The button keeps the tile's names ('Add To Cart', then
 * 'Add (n)' with the quantity in the cart) and adds the box's quantity, 1 unless the dealer types
 * another (digits only, spec 5: anything else goes back to 1). The whole row opens the product, as
 * a tile does; adding is disabled, with its reason shown, while the cart holds another catalog.
 */
export function ProductRow({ product, catalogId, canOrder, eager = false }: ProductRowProps) {
  const navigate = useNavigate();
  const inCart = useCartQuantity(product.sku);
  const cartCatalog = useCartCatalog();
  const { addToCart } = useCartActions();
  const [quantity, setQuantity] = useState('1');
  const info = product.eCommerceInformation;
  const availability = availabilityText(product.availability);
  const href = `/products/catalog/${catalogId}/${encodeURIComponent(product.sku)}`;
  const titleId = `tile-${product.sku}`;
  const { user } = useSession();
  const blockedReason = addBlockedReason(cartCatalog, product.catalog, user.catalogs);
  const reasonId = `tile-${product.sku}-blocked`;

  const normalize = () => {
    const value = productQuantityOf(quantity, 0);
    setQuantity(String(value));
    return value;
  };
  const add = () => {
    addToCart(product.catalog, cartItemInputOf(product), normalize());
    setQuantity('1');
  };

  return (
    <Paper
      withBorder
      p="xs"
      component="article"
      aria-labelledby={titleId}
      data-sku={product.sku}
      data-layout="row"
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        // Links, buttons and the quantity box do their own thing.
        if ((event.target as HTMLElement).closest('a, button, input')) return;
        navigate(href);
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
          <Text component={Link} to={href} id={titleId} fw={600} size="sm" lineClamp={2} c="inherit" td="none" lh={1.3}>
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
          {/* A restricted-pricing user's price is the MSRP: named so, as on the tiles (issue 34). */}
          {user.restrictedPricing && ' MSRP'}
        </Text>
        {canOrder && (
          <Group gap={6} wrap="nowrap">
            <TextInput
              aria-label="Quantity"
              aria-describedby={titleId}
              value={quantity}
              inputMode="numeric"
              size="xs"
              w={52}
              maxLength={5}
              disabled={blockedReason !== null}
              onChange={(event) => setQuantity(event.currentTarget.value)}
              onBlur={normalize}
              onKeyDown={(event) => {
                if (event.key === 'Enter') add();
              }}
            />
            <Button
              size="xs"
              variant={inCart > 0 ? 'light' : 'filled'}
              disabled={blockedReason !== null}
              aria-describedby={blockedReason ? `${titleId} ${reasonId}` : titleId}
              onClick={add}
            >
              {inCart > 0 ? `Add (${inCart})` : 'Add To Cart'}
            </Button>
          </Group>
        )}
      </Group>
      {canOrder && blockedReason && (
        <Text id={reasonId} size="xs" c="gray.7" mt={4} data-testid="add-blocked-reason">
          {blockedReason}
        </Text>
      )}
    </Paper>
  );
}
