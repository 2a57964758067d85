import { Table, Text } from '@mantine/core';
import { formatMoney, lineTotalCents, centsToDollars, type CheckoutCart, type Charge } from '@portal/domain';
import type { Totals } from './use-tax-recalculation';

/** The review rows of spec 2 "Checkout page": each charge shows DECLINED or its amount. */
const CHARGE_ROWS = [
  { kind: 'notice', label: '24 Hour Delivery Notice' },
  { kind: 'forklift', label: 'Forklift Service' },
  { kind: 'liftgate', label: 'Liftgate Service' },
  { kind: 'residential', label: 'Residential Service' },
] as const;

function chargeText(charge: Charge): string {
  if (charge.required && charge.declined) return 'DECLINED';
  return formatMoney(charge.required ? charge.amount : 0);
}

/** Items, charges, Taxes ('Estimated' until verified) and Grand Total of the checkout's cart. */
export function ReviewTable({ cart, totals, organizationTaxable }: { cart: CheckoutCart; totals: Totals; organizationTaxable: boolean }) {
  const estimated = organizationTaxable && !totals.taxesVerified;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Order review" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cart.items.map((item) => (
            <Table.Tr key={item.sku}>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.label}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
              <Table.Td ta="right">{formatMoney(centsToDollars(lineTotalCents(item)))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {CHARGE_ROWS.map(({ kind, label }) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" colSpan={4} ta="right" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{chargeText(cart.charges[kind])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={4} ta="right" fw={400}>
              {estimated ? 'Taxes (Estimated)' : 'Taxes'}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(totals.taxes)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={4} ta="right" fz="lg">
              Grand Total
            </Table.Th>
            <Table.Td ta="right" fz="lg" fw={700}>
              {formatMoney(totals.grandTotal)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
