/**
 * What the checkout form's buttons do (spec 2 "Checkout page", spec 4): each way to pay first updates
 * the checkout (PUT, submitCheckoutDetails), then pays (by card, on the card reader) or goes on to
 * the confirmation page, which completes the order. 'Back to Shopping Cart' keeps the details.
 */
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { paymentErrorMessage } from '@portal/domain/rules';
import { useCartActions } from '@/app/providers/cart';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { notify } from '@/lib/notify';
import { clearStoredCheckout, rememberLastReader, saveCheckoutDetails } from '../api/stored-checkout';
import { payCheckoutByCard } from './card-payment';
import type { SavedCardChoice } from './card-payment-fields';
import { draftOf, type CheckoutFormValues } from './checkout-form';
import { submitCheckoutDetails, type CheckoutDetailsTarget, type PaymentMode } from './submit-checkout-details';
import { useTerminalFlow } from './use-terminal-flow';

export function useCheckoutActions({
  target,
  onAccount,
  card,
  payment,
  readerId,
}: {
  /** The form and the checkout its details are sent to. */
  target: CheckoutDetailsTarget;
  onAccount: boolean;
  card: SavedCardChoice;
  /** The card form's handle, which confirms a typed card. */
  payment: RefObject<PaymentFieldsHandle | null>;
  /** The card reader chosen under 'Card Reader Terminal'. */
  readerId: string;
}) {
  const navigate = useNavigate();
  const { clearCart } = useCartActions();
  const { form, checkout } = target;
  const confirmationUrl = `/checkout/confirmation/${checkout.confirmationNumber}`;
  const [cashOpened, setCashOpened] = useState(false);

  const terminal = useTerminalFlow(() => {
    // Spec 4 "Terminal flow": completed clears the cart and the stored checkout.
    clearCart();
    clearStoredCheckout();
    navigate(confirmationUrl);
  });

  const submitDetails = (values: CheckoutFormValues, mode: PaymentMode) => submitCheckoutDetails(target, values, mode);

  /** Pays the updated checkout by card; false when it is not paid (the reason shown, or signed out). */
  async function paidByCard(values: CheckoutFormValues): Promise<boolean> {
    const result = await payCheckoutByCard({
      confirmationNumber: checkout.confirmationNumber,
      savedCardId: card.savedCardId ? Number(card.savedCardId) : null,
      saveTypedCard: card.storesCards && card.saveTypedCard,
      fields: payment.current,
      returnUrl: `${window.location.origin}${confirmationUrl}`,
      email: values.email.trim(),
    });
    if (!result) return false;
    if (!result.ok) {
      notify.error(paymentErrorMessage(result.error));
      return false;
    }
    return true;
  }

  const placeOrder = form.handleSubmit(async (values) => {
    if (!(await submitDetails(values, onAccount ? 'onAccount' : 'card'))) return;
    if (!onAccount && !(await paidByCard(values))) return;
    navigate(confirmationUrl);
  });

  const askCash = form.handleSubmit(() => setCashOpened(true));
  async function completeCash() {
    setCashOpened(false);
    if (await submitDetails(form.getValues(), 'cash')) navigate(confirmationUrl);
  }

  const sendToTerminal = form.handleSubmit(async (values) => {
    if (!(await submitDetails(values, 'terminal'))) return;
    rememberLastReader(readerId);
    await terminal.send({ readerId, receiptEmail: values.email.trim(), paymentIntentId: checkout.paymentIntentId });
  });

  function backToCart() {
    // Spec 4 "Checkout" step 4: the details are kept for the next visit, then the checkout is cancelled.
    saveCheckoutDetails(draftOf(form.getValues()));
    navigate('/checkout/cancel');
  }

  const cash = { opened: cashOpened, ask: askCash, cancel: () => setCashOpened(false), complete: completeCash };
  return { placeOrder, backToCart, cash, sendToTerminal, terminal };
}
