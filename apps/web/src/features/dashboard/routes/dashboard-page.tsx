import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '@portal/domain/rules';
import { useSession, useSessionState } from '@/lib/session-store';
import { balanceText, useBalanceDue } from '../api/balance-due';
import { inspectionsDueText, useInspectionsDue } from '../api/inspections-due';
import { countText, useOpenOrderCount, useShippedOrderCount } from '../api/order-counts';

/** External resources of the welcome page (spec 1); they open in a new window. */
const EXTERNAL_LINKS = [
  { label: 'Newsroom', href: 'https://www.example.com/newsroom' },
  { label: 'Service Locator', href: 'https://www.example.com/service-locator' },
  { label: 'Product Information Downloads', href: 'https://www.example.com/product-information' },
  { label: 'Training', href: 'https://www.example.com/training' },
  { label: 'Support', href: 'https://www.example.com/support' },
];

/** Recent orders preset of the welcome tile (spec 2): 3 days, shipped, page 1. */
export const RECENT_SHIPPED_LINK = '/orders/recent?timeFrame=3&updateType=shipped&page=1';

/** `count` is shown large on the tile and describes its link (spec 2: open and 3-day shipped counts). */
type Tile = { title: string; to: string; text: string; count?: { id: string; text: string } };

/** The welcome page (Home, spec 2). */
export function DashboardPage() {
  const { user } = useSession();
  const { branchNumber } = useSessionState();
  const orderHistory = user.roles.orderHistory;
  const openCount = useOpenOrderCount(orderHistory ? branchNumber : null);
  const shippedCount = useShippedOrderCount(orderHistory ? branchNumber : null);
  const balanceDue = useBalanceDue(user.roles.accounting);
  const inspectionsDue = useInspectionsDue(orderHistory);
  const tiles: Tile[] = [];
  if (user.roles.catalog)
    tiles.push({ title: 'Catalog', to: '/products/catalog/portal', text: 'Search products, prices and availability.' });
  tiles.push({ title: 'Bulk Pricing', to: '/bulk-pricing', text: 'Calculate quantity tier prices from a net price.' });
  if (orderHistory) {
    tiles.push({
      title: 'Open Orders',
      to: '/orders/open',
      text: 'Orders not yet shipped.',
      count: { id: 'open-orders-count', text: countText(openCount) },
    });
    tiles.push({
      title: 'Recent Orders',
      to: RECENT_SHIPPED_LINK,
      text: 'Orders shipped in the last 3 days.',
      count: { id: 'shipped-orders-count', text: countText(shippedCount) },
    });
  }
  if (orderHistory) {
    // Issue 37: units due for their annual inspection within 30 days, or overdue.
    tiles.push({
      title: 'Inspections Due',
      to: '/equipment?inspectionDue=true',
      text: 'Equipment due for inspection within 30 days or overdue.',
      count: { id: 'inspections-due-count', text: inspectionsDueText(inspectionsDue) },
    });
  }
  if (user.roles.accounting) {
    // Issue 36: what the organization owes, with the statement behind it.
    const pastDue = balanceDue.data?.pastDue ?? 0;
    tiles.push({
      title: 'Balance Due',
      to: '/account/statement',
      text: pastDue > 0 ? `${formatMoney(pastDue)} past due.` : 'Open invoices on the account statement.',
      count: { id: 'balance-due', text: balanceText(balanceDue) },
    });
  }

  return (
    <Stack>
      <Title order={1}>Welcome, {user.firstName}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {tiles.map((tile) => (
          <Card key={tile.title} withBorder component={Link} to={tile.to} aria-label={tile.title} aria-describedby={tile.count?.id}>
            <Title order={2} size="h3">
              {tile.title}
            </Title>
            {tile.count && (
              <Text id={tile.count.id} data-testid={tile.count.id} fz={32} fw={700} lh={1.2} aria-live="polite">
                {tile.count.text}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {tile.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h3">
        Resources
      </Title>
      <List>
        {EXTERNAL_LINKS.map((link) => (
          <List.Item key={link.label}>
            <Anchor href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
