import { Anchor, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ORDER_PAGE_SIZES, totalPagesOf } from '@portal/domain/rules';
import { useSessionState } from '@/lib/session-store';
import { useOrderSearch, type OrderSearchParams } from '../api/order-search';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { OrdersTable } from '../components/orders-table';
import { Pager } from '@/components/pager';
import { queryStringOf, searchFrom } from '../components/search-params';

/** Order search results (spec 2): the table between two pagers, with a page size of 10, 25, 50 or 100. */
export function OrderResultsPage() {
  return (
    <OrderHistoryGuard>
      <OrderResults />
    </OrderHistoryGuard>
  );
}

function OrderResults() {
  const [params] = useSearchParams();
  const search = searchFrom(params);
  if (!search) return <Navigate to={`/orders/search?${params.toString()}`} replace />;
  return <Results search={search} />;
}

function Results({ search }: { search: OrderSearchParams }) {
  const navigate = useNavigate();
  const { branchNumber } = useSessionState();
  const query = useOrderSearch(branchNumber, search);
  const { page: _page, pageSize: _pageSize, ...criteria } = search;
  const total = query.data?.totalResults ?? 0;
  const pages = totalPagesOf(total, search.pageSize);
  const go = (paging: { page: number; pageSize: number }) => navigate(`/orders/search/results?${queryStringOf(criteria, paging)}`);
  const onPage = (page: number) => go({ page, pageSize: search.pageSize });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Search Results</Title>
        <Anchor component={Link} to={`/orders/search?${queryStringOf(criteria)}`}>
          Change Search
        </Anchor>
      </Group>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" aria-live="polite">
          {query.isPending ? 'Searching...' : `${total} ${total === 1 ? 'order' : 'orders'} found`}
        </Text>
        <NativeSelect
          label="Page Size"
          value={String(search.pageSize)}
          onChange={(event) => go({ page: 1, pageSize: Number(event.currentTarget.value) })}
          data={ORDER_PAGE_SIZES.map((size) => String(size))}
          w={110}
        />
      </Group>
      <Pager label="Pages (top)" page={search.page} totalPages={pages} onPage={onPage} />
      <OrdersTable
        kind="search"
        orders={query.data?.results ?? []}
        caption={`Page ${search.page} of ${pages}`}
        emptyText={query.isPending ? 'Searching...' : 'No orders match the search.'}
      />
      <Pager label="Pages (bottom)" page={search.page} totalPages={pages} onPage={onPage} />
    </Stack>
  );
}
