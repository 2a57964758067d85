import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatMoney, paymentErrorMessage } from '@portal/domain/rules';
import type { InvoicePayment } from '@portal/domain';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { SimulatedCardForm } from '@/components/payment/simulated-card-form';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usePaymentConfig } from '@/lib/payment-config';
import { completeInvoicePayment, confirmSimulatedInvoiceCard } from '../api/invoice-payments';

const StripePaymentFields = lazy(() => import('@/components/payment/stripe-payment-fields'));

/**
 * 'Pay Selected' (issue 36): the card payment of a pending invoice payment, through the payment
 * provider (Stripe's Payment Element, or the simulated card form), then recorded by the server
 * (`.../complete`). A declined card leaves the dialog open to try another one.
 */
export function PayInvoicesDialog({
  payment,
  email,
  onPaid,
  onClose,
}: {
  payment: InvoicePayment;
  email: string;
  onPaid: () => void;
  onClose: () => void;
}) {
  const config = usePaymentConfig();
  const card = useRef<PaymentFieldsHandle>(null);
  const [pending, setPending] = useState(false);

  async function pay() {
    setPending(true);
    try {
      const result = await card.current?.confirm({ returnUrl: window.location.href, email });
      if (!result) return;
      if (!result.ok) {
        notify.error(paymentErrorMessage(result.error));
        return;
      }
      await completeInvoicePayment(payment.paymentNumber);
      notify.success(`Payment received: ${formatMoney(payment.amount)}. A receipt is on its way to ${email}.`);
      onPaid();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notify.error(error instanceof ApiError ? error.message : 'The payment could not be processed.');
    } finally {
      setPending(false);
    }
  }

  const stripe = config?.paymentGateway === 'stripe' && config.stripePublishableKey;
  return (
    <Modal opened onClose={onClose} title="Pay Selected Invoices" centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <Stack>
          <Text size="sm">
            {payment.invoiceNumbers.length === 1 ? 'Invoice' : 'Invoices'} {payment.invoiceNumbers.join(', ')}
          </Text>
          <Text fw={700} data-testid="payment-amount">
            {formatMoney(payment.amount)}
          </Text>
          {stripe ? (
            <Suspense fallback={<Loader aria-label="Loading the payment form" />}>
              <StripePaymentFields ref={card} publishableKey={stripe} clientSecret={payment.paymentIntentSecret} />
            </Suspense>
          ) : (
            <SimulatedCardForm
              ref={card}
              confirmCard={(typed) =>
                confirmSimulatedInvoiceCard(payment.paymentNumber, { clientSecret: payment.paymentIntentSecret, ...typed, postalCode: '' })
              }
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Pay {formatMoney(payment.amount)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
