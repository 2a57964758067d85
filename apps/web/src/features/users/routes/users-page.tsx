import { ActionIcon, Anchor, Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatPhone } from '@portal/domain/rules';
import type { ManagedUser } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession } from '@/lib/session-store';
import { usersQuery } from '../api/users';
import { userStatus } from '../components/user-status';

const branchesText = (user: ManagedUser) =>
  user.useOrganizationBranches ? 'All' : user.branches.map((b) => `${b.branchNumber} ${b.name}`).join(', ');

/** /organization/users (spec 2 "User Administration"): the users table with refresh and invite (+). */
export function UsersPage() {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const users = useQuery({ ...usersQuery(), enabled: me.roles.manageUsers });

  if (!me.roles.manageUsers) {
    return <NotAllowed what="User Administration" />;
  }

  const rows = users.data ?? [];
  const detailsOf = (user: ManagedUser) => `/organization/users/${user.id}`;
  const columns: StackedColumn<ManagedUser>[] = [
    {
      header: 'Name',
      stacked: 'title',
      cell: (user) => (
        <Anchor component={Link} to={detailsOf(user)} onClick={(event) => event.stopPropagation()}>
          {`${user.firstName} ${user.lastName}`.trim() || user.email}
        </Anchor>
      ),
    },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Phone', nowrap: true, cell: (user) => formatPhone(user.phone) },
    { header: 'Branches', cell: branchesText },
    {
      header: 'Status',
      cell: (user) => {
        const status = userStatus(user);
        return (
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        );
      },
    },
    { header: 'Last Login', nowrap: true, cell: (user) => (user.lastLoginTime ? formatDate(user.lastLoginTime) : 'Never') },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>User Administration</Title>
        <Group gap="xs">
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void users.refetch()} loading={users.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          {/* Issue 34: the words beside the '+', so the button says what it does; its name stays 'Invite User'. */}
          <Button component={Link} to="/organization/users/invite" leftSection={<IconPlus size={18} aria-hidden />}>
            Invite User
          </Button>
        </Group>
      </Group>
      <StackedTable
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        onRowClick={(user) => navigate(detailsOf(user))}
        minWidth={720}
        emptyText={users.isFetching ? undefined : 'No users found.'}
        highlightOnHover
        striped
      />
    </Stack>
  );
}
