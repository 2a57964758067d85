import { Table } from '@mantine/core';
import { formatMoney } from '@portal/domain';
import type { CartState } from '../store';

/** Items, charges and Grand Total of the cart (spec 2: Grand Total shown when items exist). */
export function CartTotals({ cart }: { cart: CartState }) {
  return (
    <Table w={{ base: '100%', sm: 360 }} ml="auto" aria-label="Cart totals">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Items</Table.Th>
          <Table.Td ta="right">{formatMoney(cart.itemsSubTotal)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Charges</Table.Th>
          <Table.Td ta="right">{formatMoney(cart.chargesSubTotal)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fz="lg">
            Grand Total
          </Table.Th>
          <Table.Td ta="right" fz="lg" fw={700} data-testid="cart-grand-total">
            {formatMoney(cart.grandTotal)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
