/**
 * The cart page's Checkout button (app/router.tsx): `startCheckoutFromCart` on the provided cart.
 * The checkout's set-up (its forms, stored copy and their schemas) loads when the button is pressed,
 * not with the cart page, so the cart draws without it (issue 21).
 */
import { useCartActions } from '@/app/providers/cart';

export function useStartCheckoutFromCart(): (salesEmail: string) => Promise<boolean> {
  const cart = useCartActions();
  return async (salesEmail) => (await import('./use-checkout-setup')).startCheckoutFromCart(cart, salesEmail);
}
