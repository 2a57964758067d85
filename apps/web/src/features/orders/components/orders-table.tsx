import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  expectedShipDateShown,
  formatDate,
  formatMoney,
  formatPhone,
  formatZip,
  orderStatusLabel,
  recentListShipDate,
} from '@portal/domain/rules';
import type { OrderSummary } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession } from '@/lib/session-store';

/** Which list: the columns differ only in the ship-date column (spec 2, spec 4). */
export type OrdersTableKind = 'open' | 'recent' | 'search';

function shipDateOf(kind: OrdersTableKind, o: OrderSummary): string {
  if (kind === 'recent') {
    const shown = recentListShipDate({
      statusCode: o.statusCode,
      shippedDate: o.statusDates.shipped,
      expectedShipDate: o.expectedShipDate,
    });
    return shown ? formatDate(shown.date) : '';
  }
  return formatDate(expectedShipDateShown(o));
}

function Destination({ o }: { o: OrderSummary }) {
  const a = o.shipToAddress;
  return (
    <>
      <Text size="sm">{a.name}</Text>
      <Text size="sm" c="dimmed">
        {[a.city, [a.state, formatZip(a.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Text>
    </>
  );
}

function Contact({ o }: { o: OrderSummary }) {
  const a = o.shipToAddress;
  return (
    <>
      {a.email && <Text size="sm">{a.email}</Text>}
      {a.phone && (
        <Text size="sm" c="dimmed">
          {formatPhone(a.phone)}
        </Text>
      )}
    </>
  );
}

type OrdersTableProps = { kind: OrdersTableKind; orders: OrderSummary[]; caption: string; emptyText: string };

/**
 * The order lists of spec 2: Order ID, Purchase Order, Status, Expected Ship (Ship Date on Recent
 * Orders), Entered, Total (issue 34; at MSRP, labelled, for a restricted-pricing user), Destination,
 * Contact. A row opens the order's details, which learn the list they came from (the location
 * state's `from`, for their breadcrumb); the Order ID is also a link, so the table works from the
 * keyboard. On a phone each order is a card headed by its ID.
 */
export function OrdersTable({ kind, orders, caption, emptyText }: OrdersTableProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const atMsrp = useSession().user.restrictedPricing;
  const from = { from: `${location.pathname}${location.search}` };
  const detailsOf = (o: OrderSummary) => `/orders/details/${o.documentNumber}`;
  const columns: StackedColumn<OrderSummary>[] = [
    {
      header: 'Order ID',
      stacked: 'title',
      nowrap: true,
      cell: (o) => (
        <Anchor component={Link} to={detailsOf(o)} state={from} onClick={(event) => event.stopPropagation()} size="sm">
          {o.documentNumber}
        </Anchor>
      ),
    },
    { header: 'Purchase Order', cell: (o) => o.purchaseOrderNumber },
    { header: 'Status', cell: (o) => orderStatusLabel(o.statusCode) },
    { header: kind === 'recent' ? 'Ship Date' : 'Expected Ship', nowrap: true, cell: (o) => shipDateOf(kind, o) },
    { header: 'Entered', nowrap: true, cell: (o) => formatDate(o.statusDates.entered) },
    {
      header: 'Total',
      align: 'right',
      nowrap: true,
      cell: (o) => (atMsrp ? `${formatMoney(o.orderAmount)} MSRP` : formatMoney(o.orderAmount)),
    },
    { header: 'Destination', cell: (o) => <Destination o={o} /> },
    { header: 'Contact', cell: (o) => <Contact o={o} /> },
  ];
  return (
    <StackedTable
      columns={columns}
      rows={orders}
      rowKey={(o) => o.documentNumber}
      onRowClick={(o) => navigate(detailsOf(o), { state: from })}
      minWidth={860}
      caption={caption}
      emptyText={emptyText}
      highlightOnHover
      striped
      verticalSpacing="xs"
    />
  );
}
