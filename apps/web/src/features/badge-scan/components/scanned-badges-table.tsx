import { formatDate, formatPhone, formatZip } from '@portal/domain/rules';
import type { BadgeDetails, Lead } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';

export type ScannedBadge = { key: number; details: BadgeDetails };

/** Spec 2 "Scan QR Code": the table's columns, in the spec's order and words. */
const detailColumns = <T,>(detailsOf: (row: T) => BadgeDetails): StackedColumn<T>[] => [
  { header: 'Company', cell: (row) => detailsOf(row).company },
  { header: 'Job Title', cell: (row) => detailsOf(row).jobTitle },
  { header: 'First Name', cell: (row) => detailsOf(row).firstName },
  { header: 'Last Name', cell: (row) => detailsOf(row).lastName },
  { header: 'Email', cell: (row) => detailsOf(row).email },
  // Badges print phones in every style; numbers of ten digits show as the contract's (303) 555-0142.
  { header: 'Phone', cell: (row) => formatPhone(detailsOf(row).phone), nowrap: true },
  { header: 'Address 1', cell: (row) => detailsOf(row).address1 },
  { header: 'Address 2', cell: (row) => detailsOf(row).address2 },
  { header: 'City', cell: (row) => detailsOf(row).city },
  { header: 'State', cell: (row) => detailsOf(row).state },
  { header: 'Postal Code', cell: (row) => formatZip(detailsOf(row).zip), nowrap: true },
  { header: 'Country', cell: (row) => detailsOf(row).country },
];

const COLUMNS = detailColumns<ScannedBadge>((badge) => badge.details);

/**
 * The spec's twelve columns side by side need about this much room: at 1280 px beside the side
 * menu they fit as a table (issue 34: leads showed as cards there); on a phone each lead is a card
 * with every field on screen, as every list of the portal.
 */
const TABLE_MIN_WIDTH = 900;

/** The badges scanned on this visit, newest first; on a phone (or a narrow screen) each lead is a card. */
export function ScannedBadgesTable({ badges }: { badges: ScannedBadge[] }) {
  return (
    <StackedTable
      aria-label="Scanned badges"
      columns={COLUMNS}
      rows={badges}
      rowKey={(badge) => badge.key}
      minWidth={TABLE_MIN_WIDTH}
      emptyText="No badges scanned yet."
      striped
    />
  );
}

/** The organization's leads (issue 34): the spec's columns, then the consent answer and the latest scan's date. */
const LEAD_COLUMNS: StackedColumn<Lead>[] = [
  ...detailColumns<Lead>((lead) => lead),
  { header: 'Marketing', cell: (lead) => (lead.allowMarketing ? 'Yes' : 'No') },
  { header: 'Scanned', cell: (lead) => formatDate(lead.scannedAt), nowrap: true },
];

export function LeadsTable({ leads, loading }: { leads: readonly Lead[]; loading: boolean }) {
  return (
    <StackedTable
      aria-label="Leads"
      columns={LEAD_COLUMNS}
      rows={leads}
      rowKey={(lead) => lead.id}
      minWidth={TABLE_MIN_WIDTH}
      emptyText={loading ? 'Loading leads…' : 'No leads yet.'}
      striped
    />
  );
}
