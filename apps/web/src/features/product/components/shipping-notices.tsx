import { List, Text } from '@mantine/core';
import { productShippingNotices } from '@portal/domain/rules';
import type { ShippingInformation } from '@portal/domain';

/**
 * What delivery the product needs (spec 2 "Product details" shipping notices): the cart's per-item
 * warnings in the cart's words (spec 2 "Shopping cart"), then how it ships, so the dealer knows
 * before adding it. The rule and its words are the domain's (productShippingNotices).
 */
export function ShippingNotices({ info }: { info: ShippingInformation }) {
  const notices = productShippingNotices(info);
  if (notices.length === 0) return null;
  return (
    <div>
      <Text fw={600} size="sm" component="h2" m={0}>
        Shipping
      </Text>
      <List size="sm" spacing={2}>
        {notices.map((notice) => (
          <List.Item key={notice}>{notice}</List.Item>
        ))}
      </List>
    </div>
  );
}
