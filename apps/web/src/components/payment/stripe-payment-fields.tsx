/**
 * Stripe's Payment Element (stripe mode; docs/decisions/006-payment-gateway.md). Loaded on demand,
 * so the simulated mode never downloads Stripe's libraries. `confirmPayment` returns the dealer to
 * the confirmation page when the card needs an extra step; otherwise the page goes there itself.
 * 'Save this card' (issue 36; decision 020) makes the typed card a payment method instead
 * (`elements.submit()`, then `stripe.createPaymentMethod({ elements })`, which the Elements allow
 * with `paymentMethodCreation: 'manual'`); the server keeps it for the user and pays with it.
 */
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { Fieldset, Text } from '@mantine/core';
import { loadStripe, type StripeError } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { cardFieldErrorOf } from './card-error';
import type { PaymentError, PaymentFieldsHandle } from './payment-fields';

const stripes = new Map<string, ReturnType<typeof loadStripe>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Exported for its test; the page uses the default export, inside Stripe's Elements. */
export function PaymentElementFields({ ref }: { ref: Ref<PaymentFieldsHandle> }) {
  const stripe = useStripe();
  const elements = useElements();
  // A declined card's message stays at the card entry until the dealer changes the card (issue 16).
  const [cardError, setCardError] = useState<string | null>(null);

  /** Stripe's error as the page's, shown at the card when it is the card's. */
  function failed(error: StripeError): { ok: false; error: PaymentError } {
    const failure = { type: error.type, code: error.code, message: error.message };
    setCardError(cardFieldErrorOf(failure)?.message ?? null);
    return { ok: false, error: failure };
  }

  useImperativeHandle(ref, () => ({
    async confirm({ returnUrl, email }) {
      if (!stripe || !elements) return { ok: false, error: { type: 'api_error' } };
      setCardError(null);
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl, receipt_email: email },
        redirect: 'if_required',
      });
      return error ? failed(error) : { ok: true };
    },
    async createPaymentMethod() {
      if (!stripe || !elements) return { ok: false, error: { type: 'api_error' } };
      setCardError(null);
      // Stripe.js requires the Payment Element validated (and wallets' data collected) first.
      const submitted = await elements.submit();
      if (submitted.error) return failed(submitted.error);
      const { paymentMethod, error } = await stripe.createPaymentMethod({ elements });
      return error ? failed(error) : { ok: true, paymentMethodId: paymentMethod.id };
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
      <Elements stripe={stripe} options={{ clientSecret, paymentMethodCreation: 'manual' }}>
        <PaymentElementFields ref={ref} />
      </Elements>
    </Fieldset>
  );
}
