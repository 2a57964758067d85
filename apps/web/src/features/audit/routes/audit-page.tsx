import { ActionIcon, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, formatDate, type AuditKind } from '@portal/domain/rules';
import type { AuditEntry } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { Pager } from '@/components/pager';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession } from '@/lib/session-store';
import { auditQuery, auditUsersQuery, type AuditFilters } from '../api/audit';
import { changeLines } from '../components/change-lines';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const COLUMNS: StackedColumn<AuditEntry>[] = [
  {
    header: 'When',
    nowrap: true,
    cell: (entry) => `${formatDate(entry.createdAt)} ${timeFormat.format(new Date(entry.createdAt))}`,
  },
  { header: 'User', cell: (entry) => entry.userName || entry.userEmail },
  { header: 'Change', stacked: 'title', cell: (entry) => AUDIT_KIND_LABELS[entry.kind] ?? entry.kind },
  { header: 'Subject', cell: (entry) => entry.subject },
  {
    header: 'Before → After',
    stacked: 'block',
    cell: (entry) => (
      <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
        {changeLines(entry).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
];

function filtersOf(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  const userId = Number(params.get('user'));
  const kind = params.get('kind');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    kind: kind && (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : null,
  };
}

/** /organization/audit (issue 20, manageUsers): who changed what, newest first, by user and kind, paged. */
export function AuditPage() {
  const { user: me } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const entries = useQuery({ ...auditQuery(filters), enabled: me.roles.manageUsers });
  const users = useQuery({ ...auditUsersQuery(), enabled: me.roles.manageUsers });

  if (!me.roles.manageUsers) {
    return <NotAllowed what="the audit trail" />;
  }

  const setFilters = (next: AuditFilters) => {
    const search = new URLSearchParams();
    if (next.page > 1) search.set('page', String(next.page));
    if (next.userId) search.set('user', String(next.userId));
    if (next.kind) search.set('kind', next.kind);
    setParams(search);
  };
  const data = entries.data;
  const totalPages = data?.totalPages ?? 1;
  const userOptions = [
    { value: '', label: 'All users' },
    ...(users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName}`.trim() || u.email })),
  ];
  const kindOptions = [
    { value: '', label: 'All changes' },
    ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Audit Trail</Title>
        <Tooltip label="Refresh">
          <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void entries.refetch()} loading={entries.isFetching}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="User"
          data={userOptions}
          value={filters.userId ? String(filters.userId) : ''}
          onChange={(event) => setFilters({ ...filters, page: 1, userId: Number(event.currentTarget.value) || null })}
        />
        <NativeSelect
          label="Change"
          data={kindOptions}
          value={filters.kind ?? ''}
          onChange={(event) => setFilters({ ...filters, page: 1, kind: (event.currentTarget.value || null) as AuditKind | null })}
        />
      </Group>
      {entries.isError && <Text role="alert">The audit trail could not be loaded. Please try again later.</Text>}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {data ? `${data.totalResults} ${data.totalResults === 1 ? 'change' : 'changes'}` : ''}
        </Text>
        <Pager label="Audit pages" page={filters.page} totalPages={totalPages} onPage={(page) => setFilters({ ...filters, page })} />
      </Group>
      <StackedTable
        aria-label="Audit Trail"
        columns={COLUMNS}
        rows={data?.entries ?? []}
        rowKey={(entry) => entry.id}
        minWidth={900}
        emptyText={entries.isFetching ? undefined : 'No changes found.'}
        striped
      />
    </Stack>
  );
}
