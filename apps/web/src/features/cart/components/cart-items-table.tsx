import { ActionIcon, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatCents, formatMoney, lineTotalCents } from '@portal/domain/rules';
import type { CartItem } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession } from '@/lib/session-store';
import { removeFromCart } from '../store';
import { CartThumbnail } from './cart-thumbnail';
import { ItemWarnings } from './item-warnings';
import { PriceOverrideInput } from './price-override-input';
import { QuantityInput } from './quantity-input';

type Props = { items: CartItem[]; allowPriceOverride: boolean };

/** atMsrp: a restricted-pricing user's prices are MSRPs, and named so (issue 34). */
function columnsOf(allowPriceOverride: boolean, atMsrp: boolean): StackedColumn<CartItem>[] {
  return [
    { header: 'Image', stacked: 'media', cell: (item) => <CartThumbnail src={item.thumbnail} label={item.label} /> },
    {
      header: 'Item',
      stacked: 'title',
      cell: (item) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {item.label}
          </Text>
          <Text size="xs" c="dimmed">
            {item.brand}
          </Text>
        </Stack>
      ),
    },
    { header: 'SKU', nowrap: true, cell: (item) => item.sku },
    {
      header: 'Description',
      stacked: 'block',
      cell: (item) => (
        <>
          <Text size="sm">{item.description}</Text>
          <ItemWarnings item={item} />
        </>
      ),
    },
    {
      header: 'Quantity',
      cell: (item) => <QuantityInput key={`${item.sku}-${item.quantity}`} sku={item.sku} quantity={item.quantity} />,
    },
    ...(allowPriceOverride
      ? [{ header: 'Original Price', align: 'right', cell: (item) => formatMoney(item.originalPrice) } satisfies StackedColumn<CartItem>]
      : []),
    {
      header: atMsrp ? 'MSRP' : 'Price',
      align: 'right',
      cell: (item) =>
        allowPriceOverride ? (
          <PriceOverrideInput key={`${item.sku}-${item.price}`} sku={item.sku} price={item.price} />
        ) : (
          formatMoney(item.price)
        ),
    },
    { header: atMsrp ? 'Extended Amount (MSRP)' : 'Extended Amount', align: 'right', cell: (item) => formatCents(lineTotalCents(item)) },
    {
      header: 'Remove',
      hideHeader: true,
      cell: (item) => (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.sku}`} onClick={() => removeFromCart(item.sku)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
}

/**
 * The cart's item table (spec 2 "Shopping cart"): thumbnail, label, sku, description, editable
 * quantity, price, extended amount, remove. With price override the price is editable and an
 * Original Price column appears (spec 6). On a phone each item is a card with the same values.
 */
export function CartItemsTable({ items, allowPriceOverride }: Props) {
  const atMsrp = useSession().user.restrictedPricing;
  return (
    <StackedTable
      aria-label="Cart items"
      columns={columnsOf(allowPriceOverride, atMsrp)}
      rows={items}
      rowKey={(item) => item.sku}
      minWidth={760}
      verticalSpacing="sm"
      striped
    />
  );
}
