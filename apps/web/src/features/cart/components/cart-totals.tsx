import { Table } from '@mantine/core';
import { formatMoney } from '@portal/domain/rules';
import { useSession } from '@/lib/session-store';
import type { CartState } from '../store';

/**
 * Items, charges and Grand Total of the cart (spec 2: Grand Total shown when items exist); for a
 * restricted-pricing user the figures are at MSRP, and say so (issue 34).
 */
export function CartTotals({ cart }: { cart: CartState }) {
  const atMsrp = useSession().user.restrictedPricing;
  return (
    <Table w={{ base: '100%', sm: 360 }} ml="auto" aria-label="Cart totals">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{atMsrp ? 'Items (MSRP)' : 'Items'}</Table.Th>
          <Table.Td ta="right">{formatMoney(cart.itemsSubTotal)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Charges</Table.Th>
          <Table.Td ta="right">{formatMoney(cart.chargesSubTotal)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fz="lg">
            {atMsrp ? 'Grand Total (MSRP)' : 'Grand Total'}
          </Table.Th>
          <Table.Td ta="right" fz="lg" fw={700} data-testid="cart-grand-total">
            {formatMoney(cart.grandTotal)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
