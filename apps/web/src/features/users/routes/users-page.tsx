import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatPhone, type ManagedUser } from '@portal/domain';
import { useSession } from '../../../lib/session-store';
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
    return (
      <Stack>
        <Title order={1}>User Administration</Title>
        <Text>You do not have permission to manage users.</Text>
      </Stack>
    );
  }

  const rows = users.data ?? [];
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
          <Tooltip label="Invite User">
            <ActionIcon component={Link} to="/organization/users/invite" size="lg" aria-label="Invite User">
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Branches</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last Login</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => {
              const status = userStatus(user);
              const to = `/organization/users/${user.id}`;
              return (
                <Table.Tr key={user.id} style={{ cursor: 'pointer' }} onClick={() => navigate(to)}>
                  <Table.Td>
                    <Anchor component={Link} to={to} onClick={(event) => event.stopPropagation()}>
                      {`${user.firstName} ${user.lastName}`.trim() || user.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{formatPhone(user.phone)}</Table.Td>
                  <Table.Td>{branchesText(user)}</Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{user.lastLoginTime ? formatDate(user.lastLoginTime) : 'Never'}</Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 && !users.isFetching && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" size="sm">
                    No users found.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
