import { useMemo, useState } from 'react';
import { Alert, Group, Stack, Title } from '@mantine/core';
import { useSessionState } from '@/lib/session-store';
import { useOpenOrders } from '../api/open-orders';
import { filterOrders } from '../components/filter-orders';
import { KeywordFilter } from '../components/keyword-filter';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { OrdersTable } from '../components/orders-table';
import { RefreshButton } from '../components/refresh-button';

/** Open Orders (spec 2): the branch's orders not yet shipped, with a client-side keyword filter. */
export function OpenOrdersPage() {
  return (
    <OrderHistoryGuard>
      <OpenOrders />
    </OrderHistoryGuard>
  );
}

function OpenOrders() {
  const { branchNumber } = useSessionState();
  const query = useOpenOrders(branchNumber);
  const [keyword, setKeyword] = useState('');
  const all = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => filterOrders(all, keyword), [all, keyword]);

  return (
    <Stack>
      <Title order={1}>Open Orders</Title>
      <Group align="flex-end" justify="space-between">
        <KeywordFilter onChange={setKeyword} />
        <RefreshButton onClick={() => void query.refetch()} loading={query.isFetching} />
      </Group>
      <Alert variant="light" color="blue">
        Orders that are still processing payment are not visible here.
      </Alert>
      <OrdersTable
        kind="open"
        orders={rows}
        caption={
          query.isPending ? 'Loading open orders...' : keyword ? `${rows.length} of ${all.length} open orders` : `${all.length} open orders`
        }
        emptyText={query.isPending ? 'Loading...' : 'No open orders.'}
      />
    </Stack>
  );
}
