/**
 * What the page asks of its payment element, whichever gateway is behind it (the simulated card
 * form or Stripe's Payment Element): confirm the card payment, or put the focus on it. Shared by the
 * checkout and the statement's 'Pay Selected' (issue 36).
 */
export type PaymentError = { type?: string; code?: string; message?: string };
export type PaymentConfirmation = { ok: true } | { ok: false; error: PaymentError };

export type PaymentFieldsHandle = {
  /** `returnUrl` is where a provider sends the dealer back after an extra step (the confirmation page). */
  confirm(options: { returnUrl: string; email: string }): Promise<PaymentConfirmation>;
  /**
   * The typed card as the provider's payment method, without paying ('Save this card', issue 36):
   * the simulated card form's, or Stripe.js's createPaymentMethod from the Payment Element.
   */
  createPaymentMethod(): Promise<{ ok: true; paymentMethodId: string } | { ok: false; error: PaymentError }>;
  focus(): void;
};
