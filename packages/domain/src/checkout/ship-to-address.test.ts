import { describe, expect, it } from 'vitest';
import { paymentErrorMessage } from './simulated-payment-rules.js';
import {
  addressProblems,
  EMPTY_SHIP_TO_ADDRESS,
  googleMapsSearchUrl,
  isAddressComplete,
  isPhoneComplete,
  shipToProblems,
} from './ship-to-address-rules.js';
import type { ShipToAddress } from './ship-to-address.js';

const complete: ShipToAddress = {
  ...EMPTY_SHIP_TO_ADDRESS,
  name: 'Front Range Lifts',
  street1: '1200 Blake St',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202-1234',
  phone: '(303) 555-0142',
  email: 'shop@example.com',
};

describe('ship-to address (spec 5 "Checkout form")', () => {
  it('is complete with name, street, city, a state, a ZIP code and the country', () => {
    expect(isAddressComplete(complete)).toBe(true);
    expect(isAddressComplete({ ...complete, postalCode: '802021234' })).toBe(true);
    expect(isAddressComplete(EMPTY_SHIP_TO_ADDRESS)).toBe(false);
    expect(isAddressComplete({ ...complete, state: 'ZZ' })).toBe(false);
    expect(isAddressComplete({ ...complete, country: 'CA' })).toBe(false);
  });

  it('lists problems in field order, so focus can go to the first', () => {
    expect(addressProblems({ ...complete, name: '', city: ' ' }).map((p) => p.field)).toEqual(['name', 'city']);
    expect(addressProblems({ ...complete, postalCode: 'abc' })).toEqual([{ field: 'postalCode', message: 'The ZIP code is invalid.' }]);
  });

  it('needs a valid email and a complete phone', () => {
    expect(shipToProblems(complete)).toEqual([]);
    expect(shipToProblems({ ...complete, email: '', phone: '555' })).toEqual([
      { field: 'email', message: 'The email address is required.' },
      { field: 'phone', message: 'This field is incomplete.' },
    ]);
    expect(shipToProblems({ ...complete, email: 'not-an-email' })[0]?.message).toBe('The email address is invalid.');
    expect(isPhoneComplete('+1 303 555 0142')).toBe(true);
    expect(isPhoneComplete('303555014')).toBe(false);
  });

  it('builds a maps search for the address', () => {
    expect(googleMapsSearchUrl(complete)).toBe(
      'https://www.google.com/maps/search/?api=1&query=1200%20Blake%20St%2C%20Denver%2C%20CO%2080202-1234%2C%20US',
    );
  });
});

describe('paymentErrorMessage (spec 8 "Card payment")', () => {
  it('shows the provider message for card, validation and invalid-email errors', () => {
    expect(paymentErrorMessage({ type: 'card_error', message: 'Your card was declined.' })).toBe('Your card was declined.');
    expect(paymentErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe(
      'Your card number is incomplete.',
    );
    expect(paymentErrorMessage({ type: 'invalid_request_error', code: 'email_invalid', message: 'Bad email.' })).toBe('Bad email.');
    expect(paymentErrorMessage({ type: 'card_error' })).toBe('The payment could not be processed.');
  });

  it('shows the generic message for anything else', () => {
    expect(paymentErrorMessage({ type: 'api_error', message: 'Internal' })).toBe('There was an error while processing your payment.');
    expect(paymentErrorMessage(null)).toBe('There was an error while processing your payment.');
  });
});
