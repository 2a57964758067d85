import { Text } from '@mantine/core';
import { formatPhone, formatZip } from '@portal/domain/rules';
import type { OrderAddress } from '@portal/domain';

/** An order document's address (spec 3 "Address"), one line per part, empty parts left out. */
export function AddressBlock({ address }: { address: OrderAddress }) {
  const cityLine = [address.city, [address.state, formatZip(address.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [
    address.name,
    address.address1,
    address.address2,
    address.address3,
    cityLine,
    address.email,
    formatPhone(address.phone),
  ].filter(Boolean);
  return (
    <address style={{ fontStyle: 'normal' }}>
      {lines.map((line, i) => (
        <Text key={i} size="sm">
          {line}
        </Text>
      ))}
    </address>
  );
}
