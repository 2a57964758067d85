/**
 * Stripe's Payment Element (stripe mode; docs/decisions/006-payment-gateway.md). Loaded on demand,
 * so the simulated mode never downloads Stripe's libraries. `confirmPayment` returns the dealer to
 * the confirmation page when the card needs an extra step; otherwise the page goes there itself.
 */
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { Fieldset, Text } from '@mantine/core';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { cardFieldErrorOf } from './card-error';
import type { PaymentFieldsHandle } from './payment-fields';

const stripes = new Map<string, ReturnType<typeof loadStripe>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function PaymentElementFields({ ref }: { ref: Ref<PaymentFieldsHandle> }) {
  const stripe = useStripe();
  const elements = useElements();
  // A declined card's message stays at the card entry until the dealer changes the card (issue 16).
  const [cardError, setCardError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    async confirm({ returnUrl, email }) {
      if (!stripe || !elements) return { ok: false, error: { type: 'api_error' } };
      setCardError(null);
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl, receipt_email: email },
        redirect: 'if_required',
      });
      if (!error) return { ok: true };
      const failure = { type: error.type, code: error.code, message: error.message };
      setCardError(cardFieldErrorOf(failure)?.message ?? null);
      return { ok: false, error: failure };
    },
    focus() {
      elements?.getElement('payment')?.focus();
    },
  }));

  return (
    <>
      <PaymentElement onChange={() => setCardError(null)} />
      {cardError && (
        <Text c="red" size="sm" mt="xs" data-testid="card-payment-error">
          {cardError}
        </Text>
      )}
    </>
  );
}

export default function StripePaymentFields({
  publishableKey,
  clientSecret,
  ref,
}: {
  publishableKey: string;
  clientSecret: string;
  ref: Ref<PaymentFieldsHandle>;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Fieldset legend="Card Payment">
      <Elements stripe={stripe} options={{ clientSecret }}>
        <PaymentElementFields ref={ref} />
      </Elements>
    </Fieldset>
  );
}
