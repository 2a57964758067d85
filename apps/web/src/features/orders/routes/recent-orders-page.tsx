import { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  isRecentTimeFrame,
  isRecentUpdateType,
  normalizeOrderPage,
  RECENT_DEFAULTS,
  RECENT_TIME_FRAME_LABELS,
  RECENT_TIME_FRAMES,
  RECENT_UPDATE_TYPE_LABELS,
  RECENT_UPDATE_TYPES,
  recentWindowHeading,
  runtimeTimeZone,
  type RecentTimeFrame,
  type RecentUpdateType,
} from '@portal/domain/rules';
import { useSessionState } from '@/lib/session-store';
import { readJson, writeJson } from '@/lib/storage';
import { useRecentOrders, type RecentChoice } from '../api/recent-orders';
import { filterOrders } from '../components/filter-orders';
import { KeywordFilter } from '../components/keyword-filter';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { OrdersTable } from '../components/orders-table';
import { RefreshButton } from '../components/refresh-button';

/** Spec 9: the choices are remembered in local storage. */
export const RECENT_CHOICE_KEY = 'portal.recentOrders';

function choiceFrom(params: URLSearchParams): RecentChoice {
  const stored = readJson<Partial<Record<keyof RecentChoice, unknown>>>(RECENT_CHOICE_KEY) ?? {};
  const pick = (name: keyof RecentChoice) => (params.has(name) ? params.get(name) : stored[name]);
  const timeFrame = Number(pick('timeFrame'));
  const updateType = pick('updateType');
  return {
    timeFrame: isRecentTimeFrame(timeFrame) ? timeFrame : RECENT_DEFAULTS.timeFrame,
    updateType: isRecentUpdateType(updateType) ? updateType : RECENT_DEFAULTS.updateType,
    page: normalizeOrderPage(pick('page')),
  };
}

/** Recent Orders (spec 2): Day / 3 Days / Week windows, by type of update, paged with earlier and later arrows. */
export function RecentOrdersPage() {
  return (
    <OrderHistoryGuard>
      <RecentOrders />
    </OrderHistoryGuard>
  );
}

function RecentOrders() {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => choiceFrom(params), [params]);
  const { branchNumber } = useSessionState();
  const [timeZone] = useState(runtimeTimeZone);
  const query = useRecentOrders(branchNumber, choice, timeZone);
  const [keyword, setKeyword] = useState('');

  // The URL always shows the choice in force, and the choice is remembered for the next visit.
  useEffect(() => {
    writeJson(RECENT_CHOICE_KEY, choice);
    const wanted = { timeFrame: String(choice.timeFrame), updateType: choice.updateType, page: String(choice.page) };
    if (Object.entries(wanted).some(([k, v]) => params.get(k) !== v)) setParams(wanted, { replace: true });
  }, [choice, params, setParams]);

  const choose = useCallback(
    (change: Partial<RecentChoice>) => {
      const next = { ...choice, ...change };
      setParams({ timeFrame: String(next.timeFrame), updateType: next.updateType, page: String(next.page) });
    },
    [choice, setParams],
  );

  const all = useMemo(() => query.data?.orders ?? [], [query.data]);
  const rows = useMemo(() => filterOrders(all, keyword), [all, keyword]);
  const heading = query.data ? recentWindowHeading(query.data, choice.timeFrame, timeZone) : '';

  return (
    <Stack>
      <Title order={1}>Recent Orders</Title>
      <Group align="flex-end" gap="lg">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="recent-time-frame">
            Time Frame
          </Text>
          <SegmentedControl
            aria-labelledby="recent-time-frame"
            value={String(choice.timeFrame)}
            onChange={(value) => choose({ timeFrame: Number(value) as RecentTimeFrame, page: 1 })}
            data={RECENT_TIME_FRAMES.map((t) => ({ value: String(t), label: RECENT_TIME_FRAME_LABELS[t] }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="recent-update-type">
            Type of Update
          </Text>
          <SegmentedControl
            aria-labelledby="recent-update-type"
            value={choice.updateType}
            onChange={(value) => choose({ updateType: value as RecentUpdateType, page: 1 })}
            data={RECENT_UPDATE_TYPES.map((t) => ({ value: t, label: RECENT_UPDATE_TYPE_LABELS[t] }))}
          />
        </Stack>
      </Group>
      <Group align="flex-end" justify="space-between">
        <KeywordFilter onChange={setKeyword} />
        <RefreshButton onClick={() => void query.refetch()} loading={query.isFetching} />
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label="Earlier" onClick={() => choose({ page: choice.page + 1 })}>
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Title order={2} size="h3" ta="center" aria-live="polite">
          {heading}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Later"
          disabled={choice.page <= 1}
          onClick={() => choose({ page: choice.page - 1 })}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <OrdersTable
        kind="recent"
        orders={rows}
        caption={query.isPending ? 'Loading recent orders...' : keyword ? `${rows.length} of ${all.length} orders` : `${all.length} orders`}
        emptyText={query.isPending ? 'Loading...' : 'No orders in this period.'}
      />
    </Stack>
  );
}
