/**
 * Stripe's Payment Element (stripe mode; docs/decisions/006-payment-gateway.md). Loaded on demand,
 * so the simulated mode never downloads Stripe's libraries. `confirmPayment` returns the dealer to
 * the confirmation page when the card needs an extra step; otherwise the page goes there itself.
 */
import { useImperativeHandle, useMemo, type Ref } from 'react';
import { Fieldset } from '@mantine/core';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
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

  useImperativeHandle(ref, () => ({
    async confirm({ returnUrl, email }) {
      if (!stripe || !elements) return { ok: false, error: { type: 'api_error' } };
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl, receipt_email: email },
        redirect: 'if_required',
      });
      return error ? { ok: false, error: { type: error.type, code: error.code, message: error.message } } : { ok: true };
    },
    focus() {
      elements?.getElement('payment')?.focus();
    },
  }));

  return <PaymentElement />;
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
