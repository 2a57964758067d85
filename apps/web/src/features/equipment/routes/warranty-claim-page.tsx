import { Anchor, Badge, Card, Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDate } from '@portal/domain/rules';
import type { WarrantyClaim } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { claimQuery } from '../api/claims';
import { ClaimPhoto } from '../components/claim-photo';
import { ClaimStatusBadge } from '../components/claim-status-badge';

/** The claim's photos, parts and status history. */
function ClaimSections({ claim: data }: { claim: WarrantyClaim }) {
  return (
    <>
      <Title order={2} size="h3">
        Photos
      </Title>
      {data.photos.length === 0 ? (
        <Text size="sm">No photos.</Text>
      ) : (
        <Group gap="sm">
          {data.photos.map((photo) => (
            <ClaimPhoto key={photo.id} claimId={data.id} photo={photo} />
          ))}
        </Group>
      )}
      <Title order={2} size="h3">
        Parts Needed
      </Title>
      {data.parts.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <List>
          {data.parts.map((part) => (
            <List.Item key={part.sku}>
              {part.quantity} × {part.sku} {part.description}
            </List.Item>
          ))}
        </List>
      )}
      <Title order={2} size="h3">
        History
      </Title>
      <Timeline active={data.history.length - 1} bulletSize={14} lineWidth={2} aria-label="History">
        {data.history.map((entry, index) => (
          <Timeline.Item key={index} title={entry.status}>
            <Text size="xs" c="dimmed">
              {formatDate(entry.changedAt)}
            </Text>
            {entry.message && <Text size="sm">{entry.message}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </>
  );
}

/** /warranty-claims/{id} (issue 37): the claim, its photos and parts, and its status history. */
export function WarrantyClaimPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const claim = useQuery({ ...claimQuery(id), enabled: user.roles.orderHistory && Number.isInteger(id) && id > 0, retry: false });
  if (!user.roles.orderHistory) return <NotAllowed what="warranty claims" />;
  const data = claim.data;
  return (
    <Stack>
      <Title order={1}>Warranty Claim {id}</Title>
      {claim.isError && (
        <Text role="alert">
          {claim.error instanceof ApiError && claim.error.status === 404
            ? 'The warranty claim was not found.'
            : 'The claim could not be loaded. Please try again later.'}
        </Text>
      )}
      {data && (
        <>
          <Group gap="sm">
            <ClaimStatusBadge status={data.status} />
            {!data.underWarranty && (
              <Badge variant="light" color="orange">
                Out of warranty
              </Badge>
            )}
          </Group>
          <Text>
            Serial number{' '}
            <Anchor component={Link} to={`/equipment/${encodeURIComponent(data.serialNumber)}`}>
              {data.serialNumber}
            </Anchor>
            {data.model ? `, ${data.model}` : ''} · filed {formatDate(data.createdAt)} by {data.createdBy}
          </Text>
          {data.documentNumber !== null && (
            <Text>
              No-charge order{' '}
              <Anchor component={Link} to={`/orders/details/${data.documentNumber}`}>
                {data.documentNumber}
              </Anchor>
            </Text>
          )}
          <Card withBorder>
            <Title order={2} size="h4">
              Problem Description
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{data.problemDescription}</Text>
          </Card>
          <ClaimSections claim={data} />
        </>
      )}
    </Stack>
  );
}
