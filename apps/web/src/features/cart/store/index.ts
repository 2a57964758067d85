/**
 * The cart feature's store: state (cart-state.ts), stored copy (cart-persistence.ts), server
 * refresh (cart-refresh.ts), following the session (cart-session.ts). `cartPort` is what the
 * app hands the other features (app/providers/cart.ts); the cart feature's own screens import the
 * functions below.
 */
import type { CartPort } from '@/app/providers/cart';
import { refreshCart } from './cart-refresh';
import { followSession } from './cart-session';
import { addToCart, cartStore, clearCart, getCart, setCartQuantity } from './cart-state';
import { addPricedLinesToCart } from './priced-lines';

export type { CartState } from '@/app/providers/cart';
export { refreshCart } from './cart-refresh';
export {
  clearCart,
  removeFromCart,
  setChargeDeclined,
  setFlatbedConfirmed,
  setPriceOverride,
  updateItemQuantity,
  useCartState,
  useCartSummary,
} from './cart-state';

// The cart is the signed-in user's from the moment the store is loaded (the session guard loads it).
followSession();

export const cartPort: CartPort = {
  getCart,
  subscribe: cartStore.subscribe,
  addToCart,
  setCartQuantity,
  addPricedLines: addPricedLinesToCart,
  refreshCart,
  clearCart,
};
