import { List, Text } from '@mantine/core';
import type { ShippingInformation } from '@portal/domain';

/**
 * What delivery the product needs (spec 2 "shipping notices"), in the words of the cart's
 * warnings (spec 2 "Shopping cart"), so the dealer knows before adding it.
 */
export function shippingNoticesOf(info: ShippingInformation): string[] {
  const notices: string[] = [];
  if (info.requiresFlatbed) notices.push('Ships on a flatbed truck: a customer-provided forklift is needed to unload it.');
  else if (info.requiresForkLift) notices.push('Needs forklift service or a forklift at the destination.');
  else if (info.requiresLiftGate) notices.push('Needs liftgate service or a forklift at the destination.');
  if (info.requiresResidential) notices.push('Needs residential delivery service when shipped to a residence.');
  if (info.requiresGeoWarehouse) notices.push('Ships from a regional warehouse.');
  if (info.isSmallParcel) notices.push('Ships by small parcel.');
  return notices;
}

export function ShippingNotices({ info }: { info: ShippingInformation }) {
  const notices = shippingNoticesOf(info);
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
