import { List, Text } from '@mantine/core';
import { ITEM_WARNING_TEXTS, itemWarnings } from '@portal/domain/rules';
import type { ShippingFlags } from '@portal/domain';

/** Per-item shipping warnings of spec 2 "Shopping cart" (their words are the domain's, shipping-notices.ts). */
export function ItemWarnings({ item }: { item: ShippingFlags }) {
  const warnings = itemWarnings(item);
  if (warnings.length === 0) return null;
  return (
    <List size="xs" mt={4} spacing={0} c="orange.8">
      {warnings.map((warning) => (
        <List.Item key={warning}>
          <Text size="xs" span>
            {ITEM_WARNING_TEXTS[warning]}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
