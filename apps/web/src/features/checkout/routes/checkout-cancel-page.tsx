import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { deleteCheckout } from '../api/checkout-api';
import { clearStoredCheckout, readStoredCheckout } from '../api/stored-checkout';

let cancelling: Promise<string> | null = null;

/** Deletes the stored checkout; answers where to go: the cart, or the confirmation when it was already paid. */
async function cancelStored(): Promise<string> {
  const stored = readStoredCheckout();
  if (!stored) return '/shopping-cart';
  try {
    await deleteCheckout(stored.confirmationNumber);
  } catch (error) {
    // Already paid (the server completed it instead): show its confirmation.
    if (error instanceof ApiError && error.status === 409) return `/checkout/confirmation/${stored.confirmationNumber}`;
  }
  clearStoredCheckout();
  return '/shopping-cart';
}

/** /checkout/cancel (spec 2, 4 "Checkout" step 4): cancels the checkout, then the cart, its items kept. */
export function CheckoutCancelPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    cancelling ??= cancelStored().finally(() => {
      cancelling = null;
    });
    void cancelling.then((to) => {
      if (active) navigate(to, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return (
    <Center py="xl">
      <Loader aria-label="Returning to the cart" />
    </Center>
  );
}
