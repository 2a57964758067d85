/**
 * How the checkout pays by card (issue 36 adds saved cards, role storedPayments): with a saved card
 * the server pays the intent (nothing typed); 'Save this card' first keeps the typed card with the
 * provider, then pays with it; otherwise the card form confirms the payment as before.
 */
import type { CardPaymentResult } from '@portal/domain';
import type { PaymentConfirmation, PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { api, ApiError } from '@/lib/api-client';
import { saveCard } from '@/lib/saved-cards';

const payWithSavedCard = (confirmationNumber: string, savedCardId: number) =>
  api<CardPaymentResult>(`/api/checkout/${encodeURIComponent(confirmationNumber)}/saved-card`, { method: 'POST', body: { savedCardId } });

const outcomeOf = (result: CardPaymentResult): PaymentConfirmation => (result.error ? { ok: false, error: result.error } : { ok: true });

export async function payCheckoutByCard(options: {
  confirmationNumber: string;
  /** A saved card chosen under 'Use a saved card'. */
  savedCardId: number | null;
  /** 'Save this card' ticked under the card form. */
  saveTypedCard: boolean;
  fields: PaymentFieldsHandle | null;
  returnUrl: string;
  email: string;
}): Promise<PaymentConfirmation | undefined> {
  const { confirmationNumber, fields } = options;
  try {
    if (options.savedCardId !== null) return outcomeOf(await payWithSavedCard(confirmationNumber, options.savedCardId));
    if (options.saveTypedCard && fields) {
      const made = await fields.createPaymentMethod();
      if (!made.ok) return made;
      const card = await saveCard(made.paymentMethodId);
      return outcomeOf(await payWithSavedCard(confirmationNumber, card.id));
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    // A declined card the provider would not keep: its words (a card error shows the provider's message).
    return { ok: false, error: { type: 'card_error', message: error instanceof ApiError ? error.message : undefined } };
  }
  return fields?.confirm({ returnUrl: options.returnUrl, email: options.email });
}
