import { describe, expect, it } from 'vitest';
import { cardFieldErrorOf } from './card-error';

describe('cardFieldErrorOf (a payment error shown at its card field)', () => {
  it('puts a declined card at the card number, with the provider message', () => {
    expect(cardFieldErrorOf({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.', field: null })).toEqual({
      field: 'cardNumber',
      message: 'Your card was declined.',
    });
    expect(cardFieldErrorOf({ type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' })).toEqual({
      field: 'cardNumber',
      message: 'Your card has insufficient funds.',
    });
  });

  it('uses the default wording of spec 8 when the provider gives no message', () => {
    expect(cardFieldErrorOf({ type: 'card_error', code: 'card_declined' })).toEqual({
      field: 'cardNumber',
      message: 'The payment could not be processed.',
    });
  });

  it('keeps the field a validation error names', () => {
    expect(cardFieldErrorOf({ type: 'validation_error', code: 'incomplete_cvc', message: 'x', field: 'cvc' })?.field).toBe('cvc');
    expect(cardFieldErrorOf({ type: 'validation_error', code: 'invalid_number', message: 'x', field: 'cardNumber' })?.field).toBe(
      'cardNumber',
    );
  });

  it('places expiry and security-code declines at their fields', () => {
    expect(cardFieldErrorOf({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' })?.field).toBe('expiry');
    expect(cardFieldErrorOf({ type: 'card_error', code: 'incorrect_cvc', message: 'x' })?.field).toBe('cvc');
  });

  it('leaves errors that are not the card to the toast alone', () => {
    expect(cardFieldErrorOf(null)).toBeNull();
    expect(cardFieldErrorOf({ type: 'api_error', message: 'Server down' })).toBeNull();
    expect(cardFieldErrorOf({ type: 'invalid_request_error', code: 'x' })).toBeNull();
    expect(cardFieldErrorOf({ type: 'validation_error', code: 'incomplete_zip', message: 'x', field: 'postalCode' })).toBeNull();
  });
});
