import { Text } from '@mantine/core';
import { CHARGE_LABELS, countedChargeCents, formatCents, formatMoney, lineTotalCents, REVIEW_CHARGE_KINDS } from '@portal/domain/rules';
import type { CheckoutCart, Charge } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import type { Totals } from './use-tax-recalculation';

type ReviewItem = CheckoutCart['items'][number];

const COLUMNS: StackedColumn<ReviewItem>[] = [
  { header: 'SKU', nowrap: true, cell: (item) => item.sku },
  {
    header: 'Description',
    stacked: 'title',
    cell: (item) => (
      <Text size="sm" fw={500}>
        {item.label}
      </Text>
    ),
  },
  { header: 'Quantity', align: 'right', cell: (item) => item.quantity },
  { header: 'Price', align: 'right', cell: (item) => formatMoney(item.price) },
  { header: 'Amount', align: 'right', cell: (item) => formatCents(lineTotalCents(item)) },
];

/** The review rows of spec 2 "Checkout page": each charge shows DECLINED or its amount. */
function chargeText(charge: Charge): string {
  if (charge.required && charge.declined) return 'DECLINED';
  return formatCents(countedChargeCents(charge));
}

/**
 * Items, charges, Taxes ('Estimated' until verified) and Grand Total of the checkout's cart; on a
 * phone each item is a card and the charges and totals are "label amount" lines.
 */
export function ReviewTable({ cart, totals, organizationTaxable }: { cart: CheckoutCart; totals: Totals; organizationTaxable: boolean }) {
  const estimated = organizationTaxable && !totals.taxesVerified;
  return (
    <StackedTable
      aria-label="Order review"
      columns={COLUMNS}
      rows={cart.items}
      rowKey={(item) => item.sku}
      minWidth={560}
      verticalSpacing="xs"
      summary={[
        ...REVIEW_CHARGE_KINDS.map((kind) => ({ key: kind, label: CHARGE_LABELS[kind], value: chargeText(cart.charges[kind]) })),
        { key: 'taxes', label: estimated ? 'Taxes (Estimated)' : 'Taxes', value: formatMoney(totals.taxes) },
        { key: 'grand-total', label: 'Grand Total', value: formatMoney(totals.grandTotal), strong: true },
      ]}
    />
  );
}
