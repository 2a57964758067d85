/**
 * Where a card payment error shows on the page (issue 16 "Clearer money screens"): at the card
 * field it belongs to, and it stays there until the dealer changes that field; the toast alone
 * is gone after 5 seconds. The words are spec 8's ("Card payment", `paymentErrorMessage`).
 */
import { paymentErrorMessage } from '@portal/domain/rules';

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardPaymentError = {
  type?: string;
  code?: string;
  message?: string;
  /** The form field a validation error names (the simulated gateway's answer). */
  field?: string | null;
};

/** Provider codes that concern one part of the card rather than the card as a whole. */
const FIELD_OF_CODE: Record<string, CardField> = {
  expired_card: 'expiry',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  invalid_expiry_year_past: 'expiry',
  incomplete_expiry: 'expiry',
  incorrect_cvc: 'cvc',
  invalid_cvc: 'cvc',
  incomplete_cvc: 'cvc',
};

/**
 * The card field a payment error is shown at, with its message; null when the error is not the
 * card's (a server or network failure, or a field outside the card such as the postal code):
 * those stay a toast only.
 */
export function cardFieldErrorOf(error: CardPaymentError | null | undefined): { field: CardField; message: string } | null {
  if (!error) return null;
  const isCardError = error.type === 'card_error' || error.type === 'validation_error';
  if (!isCardError) return null;
  const named = error.field;
  if (named === 'cardNumber' || named === 'expiry' || named === 'cvc') return { field: named, message: paymentErrorMessage(error) };
  if (named) return null;
  // A declined card (or a card-wide validation error) belongs to the card number.
  return { field: (error.code && FIELD_OF_CODE[error.code]) || 'cardNumber', message: paymentErrorMessage(error) };
}
