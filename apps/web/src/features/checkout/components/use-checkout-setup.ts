/**
 * Creating the checkout (spec 4 "Checkout" step 1). The cart page's Checkout button creates it
 * (startCheckoutFromCart) and the checkout page then reuses the stored one when it was made from the
 * same cart and is still open; opening /checkout directly creates one. Creating re-prices the cart
 * on the server. Failures follow spec 8: code 8000 refreshes the session and the cart and warns that
 * prices changed, 8001 names the sales address, a flatbed cart without the forklift confirmation
 * (400 on `flatbedConfirmed`) asks for it on the cart, anything else is a server error; the dealer
 * stays on (or returns to) the cart.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES, CHECKOUT_SERVER_MESSAGES, ERROR_CODES } from '@portal/domain/rules';
import type { CheckoutRecord, CreateCheckoutRequest } from '@portal/domain';
import { FLATBED_NOT_CONFIRMED_STATE, useCartActions, type CartActions } from '@/app/providers/cart';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sessionStore, setSession } from '@/lib/session-store';
import { createCheckout, deleteCheckout, fetchCheckout, refreshSession } from '../api/checkout-api';
import { readStoredCheckout, storeCheckout, type StoredCheckout } from '../api/stored-checkout';
import { cartKeyOf, createRequestOf } from './checkout-form';

export type OpenCheckout = { checkout: StoredCheckout; record: CheckoutRecord };

/** One creation per cart even when React runs the effect twice (StrictMode) or the page remounts. */
let inFlight: { key: string; promise: Promise<OpenCheckout> } | null = null;

async function reuseOrCreate(request: CreateCheckoutRequest): Promise<OpenCheckout> {
  const cartKey = cartKeyOf(request);
  const stored = readStoredCheckout();
  if (stored && stored.cartKey === cartKey) {
    try {
      const record = await fetchCheckout(stored.confirmationNumber);
      if (record.status === 'open') return { checkout: stored, record };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  } else if (stored) {
    // Made from another cart: cancel it (and its payment intent); its answer does not matter.
    void deleteCheckout(stored.confirmationNumber).catch(() => undefined);
  }
  const created = await createCheckout(request);
  const record = await fetchCheckout(created.confirmationNumber);
  const checkout = { ...created, onAccount: record.onAccount, cartKey };
  storeCheckout(checkout);
  return { checkout, record };
}

export function obtainCheckout(request: CreateCheckoutRequest): Promise<OpenCheckout> {
  const key = cartKeyOf(request);
  if (inFlight?.key === key) return inFlight.promise;
  const promise = reuseOrCreate(request).finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = { key, promise };
  return promise;
}

/** The server's refusal of a flatbed cart whose forklift confirmation is missing (spec 2). */
function isFlatbedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.body.messages.some((m) => m.field === 'flatbedConfirmed');
}

async function reportFailure(error: unknown, salesEmail: string, cart: CartActions): Promise<void> {
  if (error instanceof ApiError && error.status === 401) return;
  if (isFlatbedRefusal(error)) {
    notify.warning(CHECKOUT_SERVER_MESSAGES.flatbedNotConfirmed);
    return;
  }
  if (error instanceof ApiError && error.code === ERROR_CODES.pricesChanged) {
    try {
      setSession(await refreshSession());
    } catch {
      // A failed refresh keeps the session already loaded.
    }
    await cart.refreshCart();
    notify.warning(CHECKOUT_MESSAGES.pricesChanged);
    return;
  }
  if (error instanceof ApiError && error.code === ERROR_CODES.noPaymentMethods) {
    notify.error(CHECKOUT_MESSAGES.noPaymentMethods(salesEmail));
    return;
  }
  notify.error(CHECKOUT_MESSAGES.serverError);
}

/**
 * The cart page's Checkout button: creates (or reuses) the checkout of the current cart and answers
 * whether the checkout page may open; a failure has been reported to the dealer.
 */
export async function startCheckoutFromCart(cart: CartActions, salesEmail: string): Promise<boolean> {
  const { session, destinationState } = sessionStore.get();
  const request = session ? createRequestOf(cart.getCart(), destinationState, session.user.email) : null;
  if (!request) return false;
  try {
    await obtainCheckout(request);
    return true;
  } catch (error) {
    await reportFailure(error, salesEmail, cart);
    return false;
  }
}

export function useCheckoutSetup(request: CreateCheckoutRequest | null, salesEmail: string | null): OpenCheckout | null {
  const navigate = useNavigate();
  const cart = useCartActions();
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  // The request is fixed for the page's life: the cart cannot change while the checkout is open.
  const [initial] = useState(request);

  useEffect(() => {
    if (!initial) {
      navigate('/shopping-cart', { replace: true });
      return;
    }
    if (salesEmail === null) return;
    let active = true;
    obtainCheckout(initial).then(
      (result) => {
        if (active) setOpen(result);
      },
      async (error: unknown) => {
        if (!active) return;
        if (isFlatbedRefusal(error)) {
          // Opened directly with an unconfirmed flatbed cart: the cart asks for the confirmation.
          navigate('/shopping-cart', { replace: true, state: FLATBED_NOT_CONFIRMED_STATE });
          return;
        }
        await reportFailure(error, salesEmail, cart);
        navigate('/shopping-cart', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [initial, salesEmail, navigate, cart]);

  return open;
}
