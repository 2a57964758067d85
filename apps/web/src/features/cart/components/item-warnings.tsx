import { List, Text } from '@mantine/core';
import { itemWarnings, type ItemWarning, type ShippingFlags } from '@portal/domain';

/** Per-item shipping warnings of spec 2 "Shopping cart". */
export const ITEM_WARNING_TEXTS: Record<ItemWarning, string> = {
  flatbed: 'Ships on a flatbed truck: a customer-provided forklift is needed at the destination.',
  forklift: 'Requires forklift service or a forklift at the destination.',
  liftgate: 'Requires liftgate service or a forklift at the destination.',
  residential: 'Requires residential service when delivered to a residence.',
};

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
