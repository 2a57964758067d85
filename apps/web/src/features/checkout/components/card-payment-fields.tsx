/**
 * Paying by card at checkout (issue 36): 'Use a saved card' for users with storedPayments, else the
 * card form (Stripe's Payment Element, or the simulated card form), and 'Save this card' under it.
 */
import { lazy, Suspense, useState, type RefObject } from 'react';
import { Checkbox, Loader, NativeSelect } from '@mantine/core';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { SimulatedCardForm } from '@/components/payment/simulated-card-form';
import type { PaymentConfig } from '@/lib/payment-config';
import { savedCardLabel, useSavedCards } from '@/lib/saved-cards';
import { confirmSimulatedCard } from '../api/checkout-api';
import type { OpenCheckout } from './use-checkout-setup';

const StripePaymentFields = lazy(() => import('@/components/payment/stripe-payment-fields'));

/** The saved cards and what the dealer chose of them; `storesCards` when the user may keep cards. */
export function useSavedCardChoice(storesCards: boolean) {
  const savedCards = useSavedCards(storesCards).data ?? [];
  const [savedCardId, setSavedCardId] = useState('');
  const [saveTypedCard, setSaveTypedCard] = useState(false);
  return { storesCards, savedCards, savedCardId, setSavedCardId, saveTypedCard, setSaveTypedCard };
}

export type SavedCardChoice = ReturnType<typeof useSavedCardChoice>;

/** The card form the configured gateway asks for; `payment` is the handle that confirms it. */
function CardForm({
  config,
  checkout,
  payment,
}: {
  config: PaymentConfig;
  checkout: OpenCheckout['checkout'];
  payment: RefObject<PaymentFieldsHandle | null>;
}) {
  return config.paymentGateway === 'stripe' && config.stripePublishableKey ? (
    <Suspense fallback={<Loader aria-label="Loading the payment form" />}>
      <StripePaymentFields ref={payment} publishableKey={config.stripePublishableKey} clientSecret={checkout.paymentIntentSecret} />
    </Suspense>
  ) : (
    <SimulatedCardForm
      ref={payment}
      confirmCard={(card) =>
        confirmSimulatedCard(checkout.paymentIntentId, { clientSecret: checkout.paymentIntentSecret, ...card, postalCode: '' })
      }
    />
  );
}

export function CardPaymentFields({
  takesCards,
  card,
  config,
  checkout,
  payment,
}: {
  takesCards: boolean;
  card: SavedCardChoice;
  config: PaymentConfig;
  checkout: OpenCheckout['checkout'];
  payment: RefObject<PaymentFieldsHandle | null>;
}) {
  const { storesCards, savedCards, savedCardId, saveTypedCard } = card;
  return (
    <>
      {storesCards && savedCards.length > 0 && (
        <NativeSelect
          label="Use a saved card"
          maw={420}
          value={savedCardId}
          onChange={(event) => card.setSavedCardId(event.currentTarget.value)}
          data={[
            { value: '', label: 'No, enter a card' },
            ...savedCards.map((saved) => ({ value: String(saved.id), label: savedCardLabel(saved) })),
          ]}
        />
      )}
      {takesCards && !savedCardId && <CardForm config={config} checkout={checkout} payment={payment} />}
      {storesCards && !savedCardId && (
        <Checkbox label="Save this card" checked={saveTypedCard} onChange={(event) => card.setSaveTypedCard(event.currentTarget.checked)} />
      )}
    </>
  );
}
