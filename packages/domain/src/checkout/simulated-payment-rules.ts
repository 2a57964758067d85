/** The zod-free rules of simulated-payment.ts (its API schemas stay there); exported through src/rules.ts. */
import { CHECKOUT_MESSAGES } from './messages.js';

/** The provider's test cards (the same numbers as Stripe's test mode). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * What the page shows for a payment error (spec 8 "Card payment"): card errors, validation errors
 * and invalid-email errors show the provider's message (default 'The payment could not be
 * processed.'); any other error 'There was an error while processing your payment.'.
 */
export function paymentErrorMessage(error: { type?: string; code?: string; message?: string } | null | undefined): string {
  const showsProviderMessage =
    !!error &&
    (error.type === 'card_error' || error.type === 'validation_error' || error.code === 'email_invalid' || error.type === 'invalid_email');
  if (showsProviderMessage) return error.message || CHECKOUT_MESSAGES.paymentDefault;
  return CHECKOUT_MESSAGES.paymentError;
}
