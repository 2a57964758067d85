import { formatPhone, formatZip, type BadgeDetails } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';

export type ScannedBadge = { key: number; details: BadgeDetails };

/** Spec 2 "Scan QR Code": the table's columns, in the spec's order and words. */
const COLUMNS: StackedColumn<ScannedBadge>[] = [
  { header: 'Company', cell: ({ details: b }) => b.company },
  { header: 'Job Title', cell: ({ details: b }) => b.jobTitle },
  { header: 'First Name', cell: ({ details: b }) => b.firstName },
  { header: 'Last Name', cell: ({ details: b }) => b.lastName },
  { header: 'Email', cell: ({ details: b }) => b.email },
  // Badges print phones in every style; numbers of ten digits show as the contract's (303) 555-0142.
  { header: 'Phone', cell: ({ details: b }) => formatPhone(b.phone), nowrap: true },
  { header: 'Address 1', cell: ({ details: b }) => b.address1 },
  { header: 'Address 2', cell: ({ details: b }) => b.address2 },
  { header: 'City', cell: ({ details: b }) => b.city },
  { header: 'State', cell: ({ details: b }) => b.state },
  { header: 'Postal Code', cell: ({ details: b }) => formatZip(b.zip), nowrap: true },
  { header: 'Country', cell: ({ details: b }) => b.country },
];

/** The badges scanned on this visit, newest first; on a phone (or a narrow screen) each lead is a card. */
export function ScannedBadgesTable({ badges }: { badges: ScannedBadge[] }) {
  return (
    <StackedTable
      aria-label="Scanned badges"
      columns={COLUMNS}
      rows={badges}
      rowKey={(badge) => badge.key}
      minWidth={1100}
      emptyText="No badges scanned yet."
      striped
    />
  );
}
