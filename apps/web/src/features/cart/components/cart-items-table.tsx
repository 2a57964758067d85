import { ActionIcon, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatCents, formatMoney, lineTotalCents, type CartItem } from '@portal/domain';
import { removeFromCart } from '../../../lib/cart-store';
import { CartThumbnail } from './cart-thumbnail';
import { ItemWarnings } from './item-warnings';
import { PriceOverrideInput } from './price-override-input';
import { QuantityInput } from './quantity-input';

type Props = { items: CartItem[]; allowPriceOverride: boolean };

/**
 * The cart's item table (spec 2 "Shopping cart"): thumbnail, label, sku, description, editable
 * quantity, price, extended amount, remove. With price override the price is editable and an
 * Original Price column appears (spec 6).
 */
export function CartItemsTable({ items, allowPriceOverride }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Image</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Quantity</Table.Th>
            {allowPriceOverride && <Table.Th ta="right">Original Price</Table.Th>}
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Extended Amount</Table.Th>
            <Table.Th>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.sku}>
              <Table.Td>
                <CartThumbnail src={item.thumbnail} label={item.label} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {item.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.brand}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>
                <Text size="sm">{item.description}</Text>
                <ItemWarnings item={item} />
              </Table.Td>
              <Table.Td>
                <QuantityInput key={`${item.sku}-${item.quantity}`} sku={item.sku} quantity={item.quantity} />
              </Table.Td>
              {allowPriceOverride && <Table.Td ta="right">{formatMoney(item.originalPrice)}</Table.Td>}
              <Table.Td ta="right">
                {allowPriceOverride ? (
                  <PriceOverrideInput key={`${item.sku}-${item.price}`} sku={item.sku} price={item.price} />
                ) : (
                  formatMoney(item.price)
                )}
              </Table.Td>
              <Table.Td ta="right">{formatCents(lineTotalCents(item))}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.sku}`} onClick={() => removeFromCart(item.sku)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
