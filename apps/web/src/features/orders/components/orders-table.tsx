import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  expectedShipDateShown,
  formatDate,
  formatPhone,
  formatZip,
  orderStatusLabel,
  recentListShipDate,
  type OrderSummary,
} from '@portal/domain';

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
 * Orders), Entered, Destination, Contact. A row opens the order's details; the Order ID is also a
 * link, so the table works from the keyboard.
 */
export function OrdersTable({ kind, orders, caption, emptyText }: OrdersTableProps) {
  const navigate = useNavigate();
  const detailsOf = (o: OrderSummary) => `/orders/details/${o.documentNumber}`;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover striped verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text component="span" size="sm" c="dimmed">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order ID</Table.Th>
            <Table.Th>Purchase Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>{kind === 'recent' ? 'Ship Date' : 'Expected Ship'}</Table.Th>
            <Table.Th>Entered</Table.Th>
            <Table.Th>Destination</Table.Th>
            <Table.Th>Contact</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text size="sm" c="dimmed">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            orders.map((o) => (
              <Table.Tr key={o.documentNumber} onClick={() => navigate(detailsOf(o))} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor component={Link} to={detailsOf(o)} onClick={(event) => event.stopPropagation()} size="sm">
                    {o.documentNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{o.purchaseOrderNumber}</Table.Td>
                <Table.Td>{orderStatusLabel(o.statusCode)}</Table.Td>
                <Table.Td>{shipDateOf(kind, o)}</Table.Td>
                <Table.Td>{formatDate(o.statusDates.entered)}</Table.Td>
                <Table.Td>
                  <Destination o={o} />
                </Table.Td>
                <Table.Td>
                  <Contact o={o} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
