/**
 * The cart follows the session (spec 4): signing in loads the user's own stored cart, a new branch
 * or destination state refreshes it from the server, a refreshed session recomputes it (fees and
 * the price-override permission may have changed), and logout clears it with its stored copy.
 */
import { onSessionCleared, sessionStore, type SessionState } from '@/lib/session-store';
import { forgetStoredCart, readStoredCart } from './cart-persistence';
import { invalidatePendingRefresh, refreshCart } from './cart-refresh';
import { cartStore, emptyCart, recalculate, update } from './cart-state';

type Followed = Pick<SessionState, 'session' | 'branchNumber' | 'destinationState'>;

let previous: Followed = { session: null, branchNumber: null, destinationState: null };

function loadCart(email: string, branchNumber: number | null) {
  const stored = readStoredCart(email);
  if (!stored) return emptyCart(email, branchNumber);
  return recalculate({ ...stored, email, branchNumber: stored.branchNumber ?? branchNumber });
}

function onSessionChange(state: SessionState): void {
  const email = state.session?.user.email ?? null;
  const before = previous;
  previous = { session: state.session, branchNumber: state.branchNumber, destinationState: state.destinationState };
  if (!email) return;
  if (email !== cartStore.get().email) {
    // Signed in (or switched user): this user's own cart.
    invalidatePendingRefresh();
    const loaded = loadCart(email, state.branchNumber);
    cartStore.set(loaded);
    if (state.branchNumber !== null && loaded.branchNumber !== state.branchNumber) void refreshCart();
    return;
  }
  if (state.branchNumber !== before.branchNumber && state.branchNumber !== null) {
    // Spec 4: the cart is reloaded when the branch changes (branch prices and stock).
    void refreshCart();
  } else if (state.destinationState !== before.destinationState && before.session) {
    void refreshCart();
  } else if (state.session !== before.session) {
    // A refreshed session may carry new fees or a changed price-override permission.
    update((c) => c);
  }
}

let following = false;

/** Starts following the session; once per page view (the cart feature's index calls it). */
export function followSession(): void {
  if (following) return;
  following = true;
  sessionStore.subscribe(() => onSessionChange(sessionStore.get()));
  onSessionChange(sessionStore.get());
  onSessionCleared(() => {
    const { email } = cartStore.get();
    invalidatePendingRefresh();
    if (email) forgetStoredCart(email);
    cartStore.set(emptyCart(null, null));
  });
}
