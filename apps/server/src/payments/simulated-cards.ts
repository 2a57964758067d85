/**
 * The simulated gateway's card rules: the provider's test-mode cards (server-rules "Checkout and
 * payment"): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined ('Your card was
 * declined.'), 4000 0000 0000 9995 fails for insufficient funds. Form errors carry the
 * provider's validation wording. Pure, so the rules have unit tests.
 */
export type CardCheck =
  | { ok: true }
  | {
      ok: false;
      type: 'card_error' | 'validation_error';
      code: string;
      declineCode: string | null;
      message: string;
      field: 'cardNumber' | 'expiry' | 'cvc' | 'postalCode' | null;
    };

type Decline = { code: string; declineCode: string | null; message: string };

/** Test cards with a fixed outcome (Stripe's test numbers and messages). */
const DECLINES: Record<string, Decline> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', declineCode: null, message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    declineCode: null,
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** Numbers that succeed: Visa, Mastercard, Amex and Discover test cards. */
const SUCCEEDS = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '378282246310005', '6011111111111117']);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const invalid = (field: Extract<CardCheck, { ok: false }>['field'], code: string, message: string): CardCheck => ({
  ok: false,
  type: 'validation_error',
  code,
  declineCode: null,
  message,
  field,
});

export function checkCard(input: { cardNumber: string; expiry: string; cvc: string }, now = new Date()): CardCheck {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!number) return invalid('cardNumber', 'incomplete_number', 'Your card number is incomplete.');
  if (!/^\d+$/.test(number)) return invalid('cardNumber', 'invalid_number', 'Your card number is invalid.');
  const expectedLength = /^3[47]/.test(number) ? 15 : 16;
  if (number.length < expectedLength) return invalid('cardNumber', 'incomplete_number', 'Your card number is incomplete.');
  if (number.length > expectedLength || !luhn(number)) return invalid('cardNumber', 'invalid_number', 'Your card number is invalid.');

  const expiry = input.expiry.replace(/\s/g, '');
  const match = /^(\d{2})\/?(\d{2})$/.exec(expiry);
  if (!match) return invalid('expiry', 'incomplete_expiry', "Your card's expiration date is incomplete.");
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return invalid('expiry', 'invalid_expiry_month', "Your card's expiration date is invalid.");
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth)
    return invalid('expiry', 'invalid_expiry_year_past', "Your card's expiration year is in the past.");

  const cvcLength = expectedLength === 15 ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    return invalid('cvc', 'incomplete_cvc', "Your card's security code is incomplete.");
  }

  const decline = DECLINES[number];
  if (decline) return { ok: false, type: 'card_error', ...decline, field: null };
  if (SUCCEEDS.has(number)) return { ok: true };
  // Test mode refuses real card numbers, as the provider's test mode does.
  return {
    ok: false,
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    field: null,
  };
}
