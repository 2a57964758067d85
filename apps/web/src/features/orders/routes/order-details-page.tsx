import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  formatDate,
  formatMoney,
  ORDER_CHARGE_LABELS,
  orderStatusLabel,
  type OrderCharges,
  type OrderDetail,
  type OrderShipment,
} from '@portal/domain';
import { useSessionState } from '../../../lib/session-store';
import { useOrderDetail } from '../api/order-detail';
import { AddressBlock } from '../components/address-block';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { ProgressSteps } from '../components/progress-steps';

/** Order Details (spec 2): header, progress, addresses, lines, charges, grand total, shipments. */
export function OrderDetailsPage() {
  return (
    <OrderHistoryGuard>
      <OrderDetails />
    </OrderHistoryGuard>
  );
}

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

function Order({ order }: { order: OrderDetail }) {
  const chargeRows = (Object.keys(ORDER_CHARGE_LABELS) as (keyof OrderCharges)[]).filter((key) => order.charges[key] !== 0);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" align="baseline">
          <Title order={1}>Order {order.documentNumber}</Title>
          <Badge variant="light" color={order.statusCode === -10 ? 'red' : order.statusCode === 25 ? 'yellow' : 'blue'}>
            {orderStatusLabel(order.statusCode)}
          </Badge>
        </Group>
        {order.purchaseOrderNumber && <Text c="dimmed">PO {order.purchaseOrderNumber}</Text>}
        <Text size="sm" c="dimmed">
          Entered {formatDate(order.statusDates.entered)}
        </Text>
      </Stack>

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
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Shipped</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => (
                <Table.Tr key={line.lineNumber}>
                  <Table.Td>{line.lineNumber}</Table.Td>
                  <Table.Td>{line.vendorProduct}</Table.Td>
                  <Table.Td>
                    {line.description}
                    {line.isLabor && (
                      <Badge ml="xs" size="xs" variant="outline">
                        Labor
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line.quantityOrdered}</Table.Td>
                  <Table.Td ta="right">{line.quantityShipped}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.price)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(Math.round(line.price * 100 * line.quantityOrdered) / 100)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

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
              <Table.Th scope="row">Grand Total</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatMoney(order.totals.orderAmount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>

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
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Shipped</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment.lines.map((line) => (
                <Table.Tr key={line.lineNumber}>
                  <Table.Td>{line.lineNumber}</Table.Td>
                  <Table.Td>{line.vendorProduct}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{line.quantityShipped}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
