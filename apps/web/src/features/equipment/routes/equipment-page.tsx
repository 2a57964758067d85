import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EQUIPMENT_DEFAULT_PAGE_SIZE, totalPagesOf } from '@portal/domain/rules';
import type { Equipment } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { Pager } from '@/components/pager';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { notify } from '@/lib/notify';
import { useSession, useSessionState } from '@/lib/session-store';
import { downloadEquipmentCsv, equipmentListQuery, type EquipmentFilters } from '../api/equipment';
import { FromLink } from '../components/from-link';
import { dayText } from '../components/equipment-dates';
import { RegisterEquipmentDialog } from '../components/register-equipment-dialog';

const COLUMNS: StackedColumn<Equipment>[] = [
  {
    header: 'Serial Number',
    stacked: 'title',
    nowrap: true,
    cell: (e) => <FromLink to={`/equipment/${encodeURIComponent(e.serialNumber)}`}>{e.serialNumber}</FromLink>,
  },
  { header: 'Model', cell: (e) => e.model },
  { header: 'Description', cell: (e) => e.description },
  { header: 'Shipped', nowrap: true, cell: (e) => dayText(e.shippedDate) },
  { header: 'Installed', nowrap: true, cell: (e) => dayText(e.installedOn) },
  { header: 'Location', cell: (e) => e.locationName || '—' },
  {
    header: 'Warranty Ends',
    nowrap: true,
    cell: (e) => (
      <Text span size="sm" c={e.warrantyEnds && !e.underWarranty ? 'dimmed' : undefined}>
        {dayText(e.warrantyEnds)}
      </Text>
    ),
  },
  {
    header: 'Next Inspection',
    nowrap: true,
    cell: (e) => (
      <Group gap={4} wrap="nowrap">
        <Text span size="sm">
          {dayText(e.nextInspection)}
        </Text>
        {e.inspectionDue && (
          <Badge color="orange" variant="light" size="sm">
            Due
          </Badge>
        )}
      </Group>
    ),
  },
];

type FiltersFormProps = {
  keyword: string;
  onKeyword: (text: string) => void;
  filters: EquipmentFilters;
  onSearch: () => void;
  onToggle: (name: 'inspectionDue' | 'underWarranty', on: boolean) => void;
};

/** The keyword box (applied on Search) and the two filters (applied at once). */
function FiltersForm({ keyword, onKeyword, filters, onSearch, onToggle }: FiltersFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Keyword"
          description="Serial number, model, description or location"
          value={keyword}
          onChange={(event) => onKeyword(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
        <Checkbox
          label="Inspection due"
          checked={filters.inspectionDue}
          onChange={(event) => onToggle('inspectionDue', event.currentTarget.checked)}
        />
        <Checkbox
          label="Under warranty"
          checked={filters.underWarranty}
          onChange={(event) => onToggle('underWarranty', event.currentTarget.checked)}
        />
      </Group>
    </form>
  );
}

/**
 * /equipment (issue 37, role orderHistory; interface-contract "Equipment"): the branch's installed
 * equipment, a page at a time, with a keyword and the 'Inspection due' and 'Under warranty'
 * filters, kept in the address so a unit's breadcrumb returns to the same page; CSV export and
 * 'Register Equipment'.
 */
export function EquipmentPage() {
  const { user } = useSession();
  const { branchNumber } = useSessionState();
  const [params, setParams] = useSearchParams();
  const [keywordText, setKeywordText] = useState(params.get('keyword') ?? '');
  const [registering, setRegistering] = useState(false);
  const filters: EquipmentFilters = {
    branchNumber,
    keyword: params.get('keyword') ?? '',
    inspectionDue: params.get('inspectionDue') === 'true',
    underWarranty: params.get('underWarranty') === 'true',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ ...equipmentListQuery(filters, page, EQUIPMENT_DEFAULT_PAGE_SIZE), enabled: user.roles.orderHistory });

  if (!user.roles.orderHistory) return <NotAllowed what="the equipment list" />;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const totalPages = totalPagesOf(list.data?.totalResults ?? 0, EQUIPMENT_DEFAULT_PAGE_SIZE);
  const exportCsv = () =>
    downloadEquipmentCsv(filters).catch(() => notify.error('The equipment list could not be exported. Please try again later.'));

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Equipment</Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <Button onClick={() => setRegistering(true)}>Register Equipment</Button>
        </Group>
      </Group>
      <FiltersForm
        keyword={keywordText}
        onKeyword={setKeywordText}
        filters={filters}
        onSearch={() => update({ keyword: keywordText.trim() || null })}
        onToggle={(name, on) => update({ [name]: on ? 'true' : null })}
      />
      {list.isError && <Text role="alert">The equipment could not be loaded. Please try again later.</Text>}
      {list.data && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="equipment-count">
              {list.data.totalResults.toLocaleString('en-US')} units
            </Text>
            {totalPages > 1 && (
              <Pager page={page} totalPages={totalPages} onPage={(p) => update({ page: String(p) })} label="Equipment pages" />
            )}
          </Group>
          <StackedTable
            aria-label="Equipment"
            columns={COLUMNS}
            rows={list.data.equipment}
            rowKey={(e) => e.serialNumber}
            minWidth={980}
            emptyText="No equipment matches."
            striped
            verticalSpacing="xs"
          />
        </>
      )}
      {registering && <RegisterEquipmentDialog opened onClose={() => setRegistering(false)} branchNumber={branchNumber} />}
    </Stack>
  );
}
