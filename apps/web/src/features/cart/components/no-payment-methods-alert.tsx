import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CHECKOUT_MESSAGES } from '@portal/domain/rules';

/**
 * Issue 34 "Surprise at the end": an organization without any payment method (code 8001) learns
 * it on the cart, before the dealer starts, in the spec's words (spec 4 "Checkout" code 8001)
 * with the sales address as a mailto link. It stays; the checkout's toast still answers a try.
 */
export function NoPaymentMethodsAlert({ salesEmail }: { salesEmail: string }) {
  const message = CHECKOUT_MESSAGES.noPaymentMethods(salesEmail);
  const at = salesEmail === '' ? -1 : message.indexOf(salesEmail);
  return (
    <Alert
      color="yellow"
      variant="light"
      title="No payment methods"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="no-payment-methods"
    >
      {at < 0 ? (
        message
      ) : (
        <>
          {message.slice(0, at)}
          <Anchor href={`mailto:${salesEmail}`} inherit>
            {salesEmail}
          </Anchor>
          {message.slice(at + salesEmail.length)}
        </>
      )}
    </Alert>
  );
}
