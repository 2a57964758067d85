// @vitest-environment happy-dom
/**
 * 'Save this card' in stripe mode (issue 36): the Payment Element's card becomes a payment method
 * with Stripe.js, `elements.submit()` first (Stripe requires it), then
 * `stripe.createPaymentMethod({ elements })`; Stripe's errors come back as the page's, a card's
 * shown at the card entry. Stripe's hooks are stand-ins: no Stripe.js is loaded.
 */
import { act, createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentFieldsHandle } from './payment-fields';

const { calls, stripe, elements } = vi.hoisted(() => {
  const calls: string[] = [];
  return {
    calls,
    elements: { submit: vi.fn(), getElement: vi.fn() },
    stripe: { createPaymentMethod: vi.fn(), confirmPayment: vi.fn() },
  };
});
vi.mock('@stripe/react-stripe-js', () => ({
  useStripe: () => stripe,
  useElements: () => elements,
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => null,
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));

const { PaymentElementFields } = await import('./stripe-payment-fields');

let container: HTMLElement;
let unmount: () => void;

async function renderFields() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const ref = createRef<PaymentFieldsHandle>();
  container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(createElement(MantineProvider, null, createElement(PaymentElementFields, { ref }))));
  unmount = () => act(() => root.unmount());
  return ref.current!;
}

/** What the page shows at the card entry after the call. */
const shownError = () => container.querySelector('[data-testid="card-payment-error"]')?.textContent ?? null;

beforeEach(() => {
  calls.length = 0;
  elements.submit.mockReset().mockImplementation(async () => {
    calls.push('submit');
    return { selectedPaymentMethod: 'card' };
  });
  stripe.createPaymentMethod.mockReset().mockImplementation(async () => {
    calls.push('createPaymentMethod');
    return { paymentMethod: { id: 'pm_typed_card' } };
  });
});
afterEach(() => unmount());

describe('Stripe payment fields: createPaymentMethod', () => {
  it('submits the Payment Element, then creates the payment method from the same Elements', async () => {
    const fields = await renderFields();
    const made = await act(() => fields.createPaymentMethod());
    expect(made).toEqual({ ok: true, paymentMethodId: 'pm_typed_card' });
    expect(calls).toEqual(['submit', 'createPaymentMethod']);
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements });
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('stops at an incomplete card: the validation error, and no payment method is made', async () => {
    elements.submit.mockResolvedValue({
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    });
    const fields = await renderFields();
    const made = await act(() => fields.createPaymentMethod());
    expect(made).toEqual({
      ok: false,
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    });
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(shownError()).toBe('Your card number is incomplete.');
  });

  it("maps Stripe's card error, shown at the card entry", async () => {
    stripe.createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    });
    const fields = await renderFields();
    const made = await act(() => fields.createPaymentMethod());
    expect(made).toEqual({
      ok: false,
      error: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    });
    expect(shownError()).toBe("Your card's security code is incorrect.");
  });

  it('keeps an error that is not the card’s (Stripe unreachable) out of the card entry', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ error: { type: 'api_connection_error', message: 'Failed to fetch' } });
    const fields = await renderFields();
    const made = await act(() => fields.createPaymentMethod());
    expect(made).toEqual({ ok: false, error: { type: 'api_connection_error', code: undefined, message: 'Failed to fetch' } });
    expect(shownError()).toBeNull();
  });
});
