import { useEffect, useState } from 'react';
import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CHECKOUT_MESSAGES, ERROR_CODES } from '@portal/domain/rules';
import type { CheckoutRecord } from '@portal/domain';
import { useCartActions } from '@/app/providers/cart';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { completeCheckout, fetchCheckout } from '../api/checkout-api';
import { clearCheckoutDetails, clearStoredCheckout, readStoredCheckout } from '../api/stored-checkout';
import { SaveAddressButton } from '../components/save-address-button';

/** One completion per confirmation number even when React runs the effect twice. */
const completing = new Map<string, Promise<CheckoutRecord>>();

/**
 * Spec 2 "Checkout confirmation": the matching current checkout is submitted (completed), the
 * cart, the ship-to details and the stored checkout are cleared; then the checkout is read back.
 */
async function submitAndRead(confirmationNumber: string, clearCart: () => void): Promise<CheckoutRecord> {
  const stored = readStoredCheckout();
  const current = await fetchCheckout(confirmationNumber);
  if (current.status !== 'open' && stored?.confirmationNumber !== confirmationNumber) return current;
  await completeCheckout(confirmationNumber);
  clearCart();
  clearStoredCheckout();
  clearCheckoutDetails();
  return fetchCheckout(confirmationNumber);
}

/** The completed checkout read back, or why it failed (the failure shown on the page). */
function useCompletedCheckout(confirmationNumber: string) {
  const [record, setRecord] = useState<CheckoutRecord | null>(null);
  const [failed, setFailed] = useState(false);
  // Issue 36: an on-account order beyond the available credit (code 8002) says so, with the amount.
  const [failure, setFailure] = useState<string>(CHECKOUT_MESSAGES.submitFailed);
  const { clearCart } = useCartActions();

  useEffect(() => {
    let active = true;
    let promise = completing.get(confirmationNumber);
    if (!promise) {
      promise = submitAndRead(confirmationNumber, clearCart);
      completing.set(confirmationNumber, promise);
      void promise.finally(() => completing.delete(confirmationNumber)).catch(() => undefined);
    }
    promise.then(
      (answer) => {
        if (active) setRecord(answer);
      },
      (error: unknown) => {
        if (!active) return;
        setFailed(true);
        const message =
          error instanceof ApiError && error.code === ERROR_CODES.creditExceeded ? error.message : CHECKOUT_MESSAGES.submitFailed;
        setFailure(message);
        if (!(error instanceof ApiError && error.status === 401)) notify.error(message);
      },
    );
    return () => {
      active = false;
    };
  }, [confirmationNumber, clearCart]);

  return { record, failed, failure };
}

function OrderNotCompleted({ failure }: { failure: string }) {
  return (
    <Stack maw={640}>
      <Title order={1}>Order Not Completed</Title>
      <Alert color="red" role="alert">
        {failure}
      </Alert>
      <Anchor component={Link} to="/shopping-cart">
        Back to Shopping Cart
      </Anchor>
    </Stack>
  );
}

function OrderPlaced({ record }: { record: CheckoutRecord }) {
  return (
    <Stack maw={640} gap="md">
      <Title order={1}>Thank you for your order!</Title>
      <Text>
        Your confirmation number is <strong>{record.confirmationNumber}</strong>
        {record.documentNumber !== null && (
          <>
            {' '}
            and your order number is <strong>{record.documentNumber}</strong>
          </>
        )}
        .
      </Text>
      {record.onAccount ? (
        <Text>Your order was placed on account and will be invoiced according to your organization&apos;s terms.</Text>
      ) : record.cashOrder ? (
        <Text>Your order was placed as a cash sale.</Text>
      ) : (
        <Text>Your payment was received and your order has been placed.</Text>
      )}
      <Text>A confirmation email is on its way to everyone in your organization who subscribed to order confirmations.</Text>
      {record.status === 'completed' && (
        <Group>
          <SaveAddressButton address={record.cart.shipToAddress} />
        </Group>
      )}
      <Group gap="lg">
        <Anchor component={Link} to="/products/catalog/portal">
          Continue Shopping
        </Anchor>
        <Anchor component={Link} to="/orders/open">
          View Open Orders
        </Anchor>
      </Group>
    </Stack>
  );
}

export function CheckoutConfirmationPage() {
  const { confirmationNumber = '' } = useParams();
  const { record, failed, failure } = useCompletedCheckout(confirmationNumber);

  if (failed) return <OrderNotCompleted failure={failure} />;
  if (!record) {
    return (
      <Center py="xl">
        <Loader aria-label="Completing your order" />
      </Center>
    );
  }
  return <OrderPlaced record={record} />;
}
