import { Badge } from '@mantine/core';
import type { WarrantyClaimStatus } from '@portal/domain/rules';

const COLORS: Record<WarrantyClaimStatus, string> = {
  Submitted: 'blue',
  'In Review': 'yellow',
  Approved: 'green',
  Denied: 'red',
  'Parts Shipped': 'teal',
  Credited: 'gray',
};

export function ClaimStatusBadge({ status }: { status: WarrantyClaimStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="claim-status">
      {status}
    </Badge>
  );
}
