import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { TEST_CARDS } from '@portal/domain/rules';
import type { SimulatedCardConfirmResult, SimulatedPaymentMethodResult } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';
import { cardFieldErrorOf, type CardField } from './card-error';
import type { PaymentFieldsHandle } from './payment-fields';

export type TypedCard = { cardNumber: string; expiry: string; cvc: string };

/** The simulated provider's createPaymentMethod (`POST /api/simulated-gateway/payment-methods`, role storedPayments). */
const createSimulatedPaymentMethod = (card: TypedCard) =>
  api<SimulatedPaymentMethodResult>('/api/simulated-gateway/payment-methods', { method: 'POST', body: { ...card, postalCode: '' } });

type Field = CardField;

/** The call to the provider failed (no answer, or the portal's API refused it): an api_error, with the API's message if it gave one. */
const failedCall = (error: unknown) => ({
  ok: false as const,
  error: { type: 'api_error', message: error instanceof ApiError ? error.message : undefined },
});

/** The typed card, its fields' errors and their inputs (to focus the field an error names). */
function useCardEntry() {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = {
    cardNumber: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };

  /** Shown at its card field until that field changes, not only in the toast (issue 16). */
  function showAtField(error: NonNullable<SimulatedCardConfirmResult['error']>) {
    const shown = cardFieldErrorOf(error);
    if (!shown) return;
    setErrors({ [shown.field]: shown.message });
    inputs[shown.field].current?.focus();
  }

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setCard((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  return { card, errors, clearErrors: () => setErrors({}), inputs, showAtField, change };
}

/**
 * The card form of the simulated gateway (docs/decisions/006-payment-gateway.md): it behaves like
 * the provider's test mode, 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds. Field errors carry the provider's wording.
 * `confirmCard` sends the typed card to the provider's confirmation of the intent being paid (the
 * checkout's, or an invoice payment's).
 */
export function SimulatedCardForm({
  confirmCard,
  ref,
}: {
  confirmCard: (card: TypedCard) => Promise<SimulatedCardConfirmResult>;
  ref: Ref<PaymentFieldsHandle>;
}) {
  const { card, errors, clearErrors, inputs, showAtField, change } = useCardEntry();

  useImperativeHandle(ref, () => ({
    async confirm() {
      clearErrors();
      try {
        const result = await confirmCard(card);
        if (!result.error) return { ok: true };
        showAtField(result.error);
        return { ok: false, error: result.error };
      } catch (error) {
        return failedCall(error);
      }
    },
    async createPaymentMethod() {
      clearErrors();
      try {
        const result = await createSimulatedPaymentMethod(card);
        if (result.paymentMethodId) return { ok: true, paymentMethodId: result.paymentMethodId };
        if (result.error) showAtField(result.error);
        return { ok: false, error: result.error ?? { type: 'api_error' } };
      } catch (error) {
        return failedCall(error);
      }
    },
    focus() {
      inputs.cardNumber.current?.focus();
    },
  }));

  return (
    <Fieldset legend="Card Payment">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          ref={inputs.cardNumber}
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.cardNumber}
          onChange={change('cardNumber')}
          error={errors.cardNumber}
        />
        <TextInput
          ref={inputs.expiry}
          label="Expiration (MM / YY)"
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={change('expiry')}
          error={errors.expiry}
        />
        <TextInput
          ref={inputs.cvc}
          label="CVC"
          placeholder="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={change('cvc')}
          error={errors.cvc}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Test mode: card {TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')} is accepted; no real card is charged.
      </Text>
    </Fieldset>
  );
}
