/**
 * What the page asks of its payment element, whichever gateway is behind it (the simulated card
 * form or Stripe's Payment Element): confirm the card payment, or put the focus on it.
 */
export type PaymentError = { type?: string; code?: string; message?: string };
export type PaymentConfirmation = { ok: true } | { ok: false; error: PaymentError };

export type PaymentFieldsHandle = {
  /** `returnUrl` is where a provider sends the dealer back after an extra step (the confirmation page). */
  confirm(options: { returnUrl: string; email: string }): Promise<PaymentConfirmation>;
  focus(): void;
};
