import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { creditExceededMessage, dollarsToCents } from '@portal/domain/rules';

/**
 * Issue 36: an on-account order larger than the organization's available credit is refused at
 * completion (code 8002); the cart and the checkout say so first, in the same words, with the
 * amount left. Nothing shows without a limit (`availableCredit` null) or when the order fits.
 */
export function CreditWarning({ availableCredit, total }: { availableCredit: number | null | undefined; total: number }) {
  if (availableCredit === null || availableCredit === undefined || total <= availableCredit) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Credit limit"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="credit-warning"
    >
      {creditExceededMessage(dollarsToCents(availableCredit))} Orders on account must fit within it; your accounting manager can see the
      statement.
    </Alert>
  );
}
