import { Table, Text } from '@mantine/core';
import { formatPhone, formatZip, type BadgeDetails } from '@portal/domain';

export type ScannedBadge = { key: number; details: BadgeDetails };

/** Spec 2 "Scan QR Code": the table's columns, in the spec's order and words. */
const COLUMNS: { header: string; value: (badge: BadgeDetails) => string; nowrap?: true }[] = [
  { header: 'Company', value: (b) => b.company },
  { header: 'Job Title', value: (b) => b.jobTitle },
  { header: 'First Name', value: (b) => b.firstName },
  { header: 'Last Name', value: (b) => b.lastName },
  { header: 'Email', value: (b) => b.email },
  // Badges print phones in every style; numbers of ten digits show as the contract's (303) 555-0142.
  { header: 'Phone', value: (b) => formatPhone(b.phone), nowrap: true },
  { header: 'Address 1', value: (b) => b.address1 },
  { header: 'Address 2', value: (b) => b.address2 },
  { header: 'City', value: (b) => b.city },
  { header: 'State', value: (b) => b.state },
  { header: 'Postal Code', value: (b) => formatZip(b.zip), nowrap: true },
  { header: 'Country', value: (b) => b.country },
];

/** The badges scanned on this visit, newest first; it scrolls sideways on a phone. */
export function ScannedBadgesTable({ badges }: { badges: ScannedBadge[] }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped aria-label="Scanned badges">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {badges.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text size="sm" c="dimmed">
                  No badges scanned yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            badges.map(({ key, details }) => (
              <Table.Tr key={key}>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.header} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.value(details)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
