import { describe, expect, it } from 'vitest';
import {
  checkoutPaymentMethods,
  hasPaymentMethod,
  mayTakeCash,
  needsPaymentIntent,
  paymentChoiceRefusal,
  type OrganizationPaymentFlags,
} from './payment-eligibility.js';

const none: OrganizationPaymentFlags = { allowCardPayments: false, allowOnAccount: false, allowCashSales: false, allowTerminals: false };
const everything: OrganizationPaymentFlags = { allowCardPayments: true, allowOnAccount: true, allowCashSales: true, allowTerminals: true };

describe('payment eligibility (spec 6)', () => {
  it('finds a payment method in any one of the four switches, none without them', () => {
    expect(hasPaymentMethod(none)).toBe(false);
    for (const flag of Object.keys(none) as (keyof OrganizationPaymentFlags)[]) {
      expect(hasPaymentMethod({ ...none, [flag]: true })).toBe(true);
    }
  });

  it('takes cash only when the organization and the user both allow it', () => {
    expect(mayTakeCash({ allowCashSales: true }, { allowCashSales: true })).toBe(true);
    expect(mayTakeCash({ allowCashSales: true }, { allowCashSales: false })).toBe(false);
    expect(mayTakeCash({ allowCashSales: false }, { allowCashSales: true })).toBe(false);
  });

  it('needs a payment intent for cards or card readers only', () => {
    expect(needsPaymentIntent(none)).toBe(false);
    const onAccountAndCash: OrganizationPaymentFlags = { ...none, allowOnAccount: true, allowCashSales: true };
    expect(needsPaymentIntent(onAccountAndCash)).toBe(false);
    expect(needsPaymentIntent({ ...none, allowCardPayments: true })).toBe(true);
    expect(needsPaymentIntent({ ...none, allowTerminals: true })).toBe(true);
  });
});

describe('checkoutPaymentMethods (spec 4 "Checkout")', () => {
  const card = { onAccount: false, paymentIntentId: 'pi_1' };

  it('offers card, cash and readers to an organization that allows them all', () => {
    expect(checkoutPaymentMethods({ organization: everything, user: { allowCashSales: true }, checkout: card, terminalCount: 2 })).toEqual({
      onAccount: false,
      card: true,
      cash: true,
      terminal: true,
    });
  });

  it('skips the card payment on account', () => {
    const methods = checkoutPaymentMethods({
      organization: everything,
      user: { allowCashSales: false },
      checkout: { onAccount: true, paymentIntentId: 'pi_1' },
      terminalCount: 1,
    });
    expect(methods).toEqual({ onAccount: true, card: false, cash: false, terminal: true });
  });

  it('offers neither cards nor readers without a payment intent, and no readers without one configured', () => {
    const noIntent = { onAccount: false, paymentIntentId: '' };
    expect(
      checkoutPaymentMethods({ organization: everything, user: { allowCashSales: true }, checkout: noIntent, terminalCount: 1 }),
    ).toEqual({
      onAccount: false,
      card: false,
      cash: true,
      terminal: false,
    });
    expect(
      checkoutPaymentMethods({ organization: everything, user: { allowCashSales: true }, checkout: card, terminalCount: 0 }).terminal,
    ).toBe(false);
  });

  it('follows the organization switches', () => {
    expect(checkoutPaymentMethods({ organization: none, user: { allowCashSales: true }, checkout: card, terminalCount: 3 })).toEqual({
      onAccount: false,
      card: false,
      cash: false,
      terminal: false,
    });
  });
});

describe('paymentChoiceRefusal (PUT /checkout)', () => {
  const cashier = { allowCashSales: true };

  it('lets a choice stand that the switches allow', () => {
    expect(paymentChoiceRefusal(everything, cashier, { onAccount: false, cashOrder: false })).toBeNull();
    expect(paymentChoiceRefusal(everything, cashier, { onAccount: true, cashOrder: false })).toBeNull();
    expect(paymentChoiceRefusal(everything, cashier, { onAccount: false, cashOrder: true })).toBeNull();
  });

  it('refuses on account together with cash, then each without its switch', () => {
    expect(paymentChoiceRefusal(everything, cashier, { onAccount: true, cashOrder: true })).toBe('onAccountAndCash');
    expect(paymentChoiceRefusal({ ...everything, allowOnAccount: false }, cashier, { onAccount: true, cashOrder: false })).toBe(
      'onAccountNotAllowed',
    );
    expect(paymentChoiceRefusal(everything, { allowCashSales: false }, { onAccount: false, cashOrder: true })).toBe('cashNotAllowed');
    expect(paymentChoiceRefusal({ ...everything, allowCashSales: false }, cashier, { onAccount: false, cashOrder: true })).toBe(
      'cashNotAllowed',
    );
  });
});
