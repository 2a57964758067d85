import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDate } from '@portal/domain/rules';
import type { EquipmentDetail, Inspection, WarrantyClaimSummary } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { equipmentDetailQuery } from '../api/equipment';
import { ClaimDialog } from '../components/claim-dialog';
import { ClaimStatusBadge } from '../components/claim-status-badge';
import { dayText } from '../components/equipment-dates';
import { InstallationForm } from '../components/installation-form';
import { RecordInspectionDialog } from '../components/record-inspection-dialog';

const INSPECTION_COLUMNS: StackedColumn<Inspection>[] = [
  { header: 'Date', stacked: 'title', nowrap: true, cell: (i) => formatDate(i.inspectedOn) },
  { header: 'Inspector', cell: (i) => i.inspector },
  {
    header: 'Result',
    cell: (i) => (
      <Badge variant="light" color={i.passed ? 'green' : 'red'}>
        {i.passed ? 'Pass' : 'Fail'}
      </Badge>
    ),
  },
  { header: 'Notes', stacked: 'block', cell: (i) => i.notes },
];

const CLAIM_COLUMNS: StackedColumn<WarrantyClaimSummary>[] = [
  {
    header: 'Claim',
    stacked: 'title',
    nowrap: true,
    cell: (c) => (
      <Anchor component={Link} to={`/warranty-claims/${c.id}`} size="sm">
        Claim {c.id}
      </Anchor>
    ),
  },
  { header: 'Filed', nowrap: true, cell: (c) => formatDate(c.createdAt) },
  { header: 'Status', cell: (c) => <ClaimStatusBadge status={c.status} /> },
];

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed" component="h2" m={0} fw={400}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** What the unit is, where it came from, and its warranty and inspection dates. */
function UnitFacts({ unit }: { unit: EquipmentDetail }) {
  return (
    <>
      <Text>
        {unit.model} {unit.description ? `· ${unit.description}` : ''} ({unit.sku}), branch {unit.branchNumber}
        {unit.documentNumber !== null && (
          <>
            {' · order '}
            <Anchor component={Link} to={`/orders/details/${unit.documentNumber}`}>
              {unit.documentNumber}
            </Anchor>
          </>
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact label="Shipped" value={dayText(unit.shippedDate)} testId="fact-shipped" />
        <Fact
          label="Warranty Ends"
          value={`${dayText(unit.warrantyEnds)}${unit.warrantyEnds && !unit.underWarranty ? ' (ended)' : ''}`}
          testId="fact-warranty-ends"
        />
        <Fact label="Last Inspection" value={dayText(unit.lastInspectedOn)} testId="fact-last-inspection" />
        <Fact
          label="Next Inspection"
          value={`${dayText(unit.nextInspection)}${unit.inspectionDue ? ' (due)' : ''}`}
          testId="fact-next-inspection"
        />
      </SimpleGrid>
    </>
  );
}

/**
 * /equipment/{serialNumber} (issue 37): the unit's facts, 'Installed On' and 'Location', its
 * inspections ('Record Inspection') and warranty claims ('Start Warranty Claim'). Another
 * organization's serial answers 404 and shows as not found.
 */
export function EquipmentDetailsPage() {
  const { user } = useSession();
  const { serialNumber = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...equipmentDetailQuery(serialNumber), enabled: user.roles.orderHistory, retry: false });
  const [inspecting, setInspecting] = useState(false);
  const [claiming, setClaiming] = useState(false);

  if (!user.roles.orderHistory) return <NotAllowed what="equipment" />;
  const saved = (unit: EquipmentDetail) => {
    queryClient.setQueryData(equipmentDetailQuery(serialNumber).queryKey, unit);
    void queryClient.invalidateQueries({ queryKey: ['equipment', 'list'] });
  };
  const unit = detail.data;

  return (
    <Stack>
      <Title order={1}>Equipment {serialNumber}</Title>
      {detail.isError && (
        <Text role="alert">
          {detail.error instanceof ApiError && detail.error.status === 404
            ? `No equipment with serial number ${serialNumber} was found.`
            : 'The equipment could not be loaded. Please try again later.'}
        </Text>
      )}
      {unit && (
        <>
          <UnitFacts unit={unit} />
          <Group gap="xs">
            <Button onClick={() => setInspecting(true)}>Record Inspection</Button>
            <Button variant="default" onClick={() => setClaiming(true)}>
              Start Warranty Claim
            </Button>
          </Group>
          <Title order={2} size="h3">
            Installation
          </Title>
          <InstallationForm key={`${unit.installedOn}|${unit.locationName}|${unit.locationAddress}`} unit={unit} onSaved={saved} />
          <Title order={2} size="h3">
            Inspections
          </Title>
          <StackedTable
            aria-label="Inspections"
            columns={INSPECTION_COLUMNS}
            rows={unit.inspections}
            rowKey={(i) => i.id}
            emptyText="No inspections recorded."
            striped
          />
          <Title order={2} size="h3">
            Warranty Claims
          </Title>
          <StackedTable
            aria-label="Warranty Claims"
            columns={CLAIM_COLUMNS}
            rows={unit.claims}
            rowKey={(c) => c.id}
            emptyText="No warranty claims."
            striped
          />
          {inspecting && <RecordInspectionDialog serialNumber={unit.serialNumber} onClose={() => setInspecting(false)} onSaved={saved} />}
          {claiming && <ClaimDialog unit={unit} onClose={() => setClaiming(false)} />}
        </>
      )}
    </Stack>
  );
}
