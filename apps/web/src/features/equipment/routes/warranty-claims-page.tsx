import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '@portal/domain/rules';
import type { WarrantyClaimSummary } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useSession } from '@/lib/session-store';
import { claimsQuery } from '../api/claims';
import { FromLink } from '../components/from-link';
import { ClaimStatusBadge } from '../components/claim-status-badge';

const COLUMNS: StackedColumn<WarrantyClaimSummary>[] = [
  {
    header: 'Claim',
    stacked: 'title',
    nowrap: true,
    cell: (c) => <FromLink to={`/warranty-claims/${c.id}`}>Claim {c.id}</FromLink>,
  },
  {
    header: 'Serial Number',
    nowrap: true,
    cell: (c) => (
      <Anchor component={Link} to={`/equipment/${encodeURIComponent(c.serialNumber)}`} size="sm">
        {c.serialNumber}
      </Anchor>
    ),
  },
  { header: 'Model', cell: (c) => c.model },
  { header: 'Filed', nowrap: true, cell: (c) => formatDate(c.createdAt) },
  {
    header: 'Warranty',
    cell: (c) =>
      c.underWarranty ? (
        'Under warranty'
      ) : (
        <Badge variant="light" color="orange">
          Out of warranty
        </Badge>
      ),
  },
  { header: 'Status', cell: (c) => <ClaimStatusBadge status={c.status} /> },
];

/** /warranty-claims (issue 37): the claims of the user's branches with their status, newest first. */
export function WarrantyClaimsPage() {
  const { user } = useSession();
  const claims = useQuery({ ...claimsQuery(), enabled: user.roles.orderHistory });
  if (!user.roles.orderHistory) return <NotAllowed what="warranty claims" />;
  return (
    <Stack>
      <Title order={1}>Warranty Claims</Title>
      <Text size="sm" c="dimmed">
        Start a claim from a unit&apos;s page under Equipment.
      </Text>
      {claims.isError && <Text role="alert">The claims could not be loaded. Please try again later.</Text>}
      {claims.data && (
        <StackedTable
          aria-label="Warranty Claims"
          columns={COLUMNS}
          rows={claims.data.claims}
          rowKey={(c) => c.id}
          minWidth={760}
          emptyText="No warranty claims."
          striped
        />
      )}
    </Stack>
  );
}
