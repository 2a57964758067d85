import { describe, expect, it } from 'vitest';
import { checkCard } from './simulated-cards.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const card = (cardNumber: string, expiry = '12 / 30', cvc = '123') => checkCard({ cardNumber, expiry, cvc }, NOW);

describe('simulated test cards (server-rules "Checkout and payment")', () => {
  it('4242 4242 4242 4242 succeeds', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(card('4242-4242-4242-4242')).toEqual({ ok: true });
  });

  it('4000 0000 0000 0002 is declined', () => {
    expect(card('4000000000000002')).toMatchObject({
      ok: false,
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('4000 0000 0000 9995 fails for insufficient funds', () => {
    expect(card('4000000000009995')).toMatchObject({
      ok: false,
      type: 'card_error',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses real card numbers as test mode does', () => {
    expect(card('4111111111111111')).toMatchObject({ ok: false, type: 'card_error', declineCode: 'test_mode_live_card' });
  });

  it('answers validation errors for the form fields', () => {
    expect(card('')).toMatchObject({ type: 'validation_error', field: 'cardNumber', message: 'Your card number is incomplete.' });
    expect(card('4242 4242')).toMatchObject({ field: 'cardNumber', message: 'Your card number is incomplete.' });
    expect(card('4242 4242 4242 4241')).toMatchObject({ field: 'cardNumber', message: 'Your card number is invalid.' });
    expect(card('4242424242424242', '1')).toMatchObject({ field: 'expiry', message: "Your card's expiration date is incomplete." });
    expect(card('4242424242424242', '13/30')).toMatchObject({ field: 'expiry', message: "Your card's expiration date is invalid." });
    expect(card('4242424242424242', '05/26')).toMatchObject({ field: 'expiry', message: "Your card's expiration year is in the past." });
    expect(card('4242424242424242', '06/26')).toEqual({ ok: true });
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ field: 'cvc', message: "Your card's security code is incomplete." });
    expect(card('378282246310005', '12/30', '1234')).toEqual({ ok: true });
  });
});
