import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  formatCents,
  formatDate,
  formatMoney,
  lineAmountCents,
  ORDER_CHARGE_LABELS,
  orderStatusLabel,
  orderStatusStyle,
  shownOrderCharges,
} from '@portal/domain/rules';
import type { OrderDetail, OrderLine, OrderShipment } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession, useSessionState } from '@/lib/session-store';
import { useOrderDetail } from '../api/order-detail';
import { AddressBlock } from '../components/address-block';
import { DownloadPdfButton } from '../components/download-pdf-button';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { ProgressSteps, STATUS_STYLE_COLOR } from '../components/progress-steps';
import { ReorderButton } from '../components/reorder-button';

/** Order Details (spec 2): header, progress, addresses, lines, charges, grand total, shipments. */
export function OrderDetailsPage() {
  return (
    <OrderHistoryGuard>
      <OrderDetails />
    </OrderHistoryGuard>
  );
}

/** The item columns; a restricted-pricing user's prices are MSRPs, named so (issue 34). */
const lineColumns = (atMsrp: boolean): StackedColumn<OrderLine>[] => [
  { header: 'Line', cell: (line) => line.lineNumber },
  { header: 'Product', stacked: 'title', cell: (line) => line.vendorProduct },
  {
    header: 'Description',
    stacked: 'block',
    cell: (line) => (
      <>
        {line.description}
        {line.isLabor && (
          <Badge ml="xs" size="xs" variant="outline">
            Labor
          </Badge>
        )}
      </>
    ),
  },
  { header: 'Ordered', align: 'right', cell: (line) => line.quantityOrdered },
  { header: 'Shipped', align: 'right', cell: (line) => line.quantityShipped },
  { header: atMsrp ? 'MSRP' : 'Price', align: 'right', cell: (line) => formatMoney(line.price) },
  {
    header: atMsrp ? 'Amount (MSRP)' : 'Amount',
    align: 'right',
    cell: (line) => formatCents(lineAmountCents(line.price, line.quantityOrdered)),
  },
];

const SHIPMENT_LINE_COLUMNS: StackedColumn<OrderShipment['lines'][number]>[] = [
  { header: 'Line', cell: (line) => line.lineNumber },
  { header: 'Product', stacked: 'title', cell: (line) => line.vendorProduct },
  { header: 'Description', stacked: 'block', cell: (line) => line.description },
  { header: 'Shipped', align: 'right', cell: (line) => line.quantityShipped },
];

function NotFound() {
  return (
    <Stack>
      <Title order={1}>Order Not Found</Title>
      <Text>The order was not found.</Text>
      <Anchor component={Link} to="/orders/search">
        Order Search
      </Anchor>
    </Stack>
  );
}

function OrderDetails() {
  const { id = '' } = useParams();
  // Spec 5: an order id must be positive.
  const documentNumber = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const { branchNumber } = useSessionState();
  const query = useOrderDetail(documentNumber, branchNumber);

  if (documentNumber <= 0) return <NotFound />;
  if (query.isPending) return <Text>Loading order {documentNumber}...</Text>;
  if (query.isError) return <Text role="alert">The order could not be loaded. Please try again later.</Text>;
  if (!query.data) return <NotFound />;
  return <Order order={query.data} />;
}

/** What a restricted-pricing user reads above the amounts (issue 34: order details say they are at MSRP). */
const MSRP_AMOUNTS_NOTE = 'Amounts are shown at MSRP.';

/** The order's number, status, PO, its buttons (reorder, PDF) and the day it was entered. */
function OrderHeader({ order }: { order: OrderDetail }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" align="baseline">
        <Title order={1}>Order {order.documentNumber}</Title>
        <Badge variant="light" color={STATUS_STYLE_COLOR[orderStatusStyle(order.statusCode)]}>
          {orderStatusLabel(order.statusCode)}
        </Badge>
      </Group>
      {order.purchaseOrderNumber && <Text c="dimmed">PO {order.purchaseOrderNumber}</Text>}
      <Group gap="xs">
        <ReorderButton documentNumber={order.documentNumber} />
        <DownloadPdfButton documentNumber={order.documentNumber} />
      </Group>
      <Text size="sm" c="dimmed">
        Entered {formatDate(order.statusDates.entered)}
      </Text>
    </Stack>
  );
}

/** The shown charges, the taxes and the grand total (at MSRP for a restricted-pricing user, issue 34). */
function OrderCharges({ order, atMsrp }: { order: OrderDetail; atMsrp: boolean }) {
  const chargeRows = shownOrderCharges(order.charges);
  return (
    <Stack gap="xs" maw={420} ml={{ sm: 'auto' }} w="100%">
      <Title order={2} size="h3">
        Charges
      </Title>
      <Table>
        <Table.Tbody>
          {chargeRows.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={400}>
                {ORDER_CHARGE_LABELS[key]}
              </Table.Th>
              <Table.Td ta="right">{formatMoney(order.charges[key])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Taxes
            </Table.Th>
            <Table.Td ta="right">{formatMoney(order.totals.taxAmount)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{atMsrp ? 'Grand Total (MSRP)' : 'Grand Total'}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(order.totals.orderAmount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Order({ order }: { order: OrderDetail }) {
  const atMsrp = useSession().user.restrictedPricing;
  return (
    <Stack gap="lg">
      <OrderHeader order={order} />

      <ProgressSteps order={order} />

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Billing Address
          </Title>
          <AddressBlock address={order.billToAddress} />
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Shipping Address
          </Title>
          <AddressBlock address={order.shipToAddress} />
        </Card>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} size="h3">
          Items
        </Title>
        {atMsrp && (
          <Text size="sm" c="dimmed">
            {MSRP_AMOUNTS_NOTE} The amount billed to your organization may differ.
          </Text>
        )}
        <StackedTable
          aria-label="Order items"
          columns={lineColumns(atMsrp)}
          rows={order.lines}
          rowKey={(line) => line.lineNumber}
          minWidth={640}
          striped
        />
      </Stack>

      <OrderCharges order={order} atMsrp={atMsrp} />

      <Stack gap="sm">
        <Title order={2} size="h3">
          Shipments
        </Title>
        {order.shipments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No shipments yet.
          </Text>
        ) : (
          order.shipments.map((shipment) => <Shipment key={shipment.shipmentNumber} shipment={shipment} />)
        )}
      </Stack>
    </Stack>
  );
}

function Shipment({ shipment }: { shipment: OrderShipment }) {
  const carrier = shipment.scacLabel || shipment.scac;
  return (
    <Card withBorder component="section" aria-label={`Shipment ${shipment.shipmentNumber + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Shipment {shipment.shipmentNumber + 1}
          </Title>
          <Text size="sm">
            {shipment.shippedDate
              ? `Shipped ${formatDate(shipment.shippedDate)}`
              : `Expected ${formatDate(shipment.expectedShipDate) || 'date not set'}`}
          </Text>
        </Group>
        {carrier && <Text size="sm">Carrier: {carrier}</Text>}
        {shipment.packages.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Tracking
            </Text>
            {shipment.packages.map((p) =>
              p.trackingUrl ? (
                <Anchor key={p.trackingNumber} href={p.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  {p.trackingNumber}
                </Anchor>
              ) : (
                <Text key={p.trackingNumber} size="sm">
                  {p.trackingNumber}
                </Text>
              ),
            )}
          </Stack>
        )}
        {shipment.lines.length > 0 && (
          <StackedTable
            aria-label={`Shipment ${shipment.shipmentNumber + 1} items`}
            columns={SHIPMENT_LINE_COLUMNS}
            rows={shipment.lines}
            rowKey={(line) => line.lineNumber}
            minWidth={480}
          />
        )}
      </Stack>
    </Card>
  );
}
