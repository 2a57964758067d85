/**
 * The server's side of the cart (spec 4, 7, 8): every item re-read through the batch product call
 * `POST /api/catalog/products` when the cart page opens, the branch or destination state changes,
 * or the checkout says prices changed. Only the newest refresh may write its answer.
 */
import { cartItemInputOf, DEFAULT_SHIP_TO_STATE } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session-store';
import { cartStore, newItem, update } from './cart-state';

let refreshSequence = 0;

/** A sign-in, user switch or logout: an answer still under way belongs to the cart before it. */
export function invalidatePendingRefresh(): void {
  refreshSequence++;
}

/**
 * Prices and shipping flags are updated, items missing from the answer are removed (with a
 * warning), and a failed refresh keeps the items and only recomputes the totals (spec 8).
 */
export async function refreshCart(): Promise<void> {
  const cart = cartStore.get();
  const { branchNumber, destinationState } = sessionStore.get();
  if (!cart.email || cart.items.length === 0 || !cart.catalog || branchNumber === null) {
    update((c) => c);
    return;
  }
  const sequence = ++refreshSequence;
  const skuList = cart.items.map((i) => i.sku);
  let products: Product[];
  try {
    products = await api<Product[]>('/api/catalog/products', {
      method: 'POST',
      body: { skuList, shipToState: destinationState ?? DEFAULT_SHIP_TO_STATE, branchNumber, catalog: cart.catalog },
    });
  } catch {
    if (sequence === refreshSequence) update((c) => c);
    return;
  }
  // A later refresh, another user or a branch switch made this answer stale.
  if (sequence !== refreshSequence || cartStore.get().email !== cart.email) return;
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const asked = new Set(skuList);
  const removed: string[] = [];
  update((current) => ({
    ...current,
    branchNumber,
    items: current.items.flatMap((item) => {
      // Added while the refresh was under way: keep as is.
      if (!asked.has(item.sku)) return [item];
      const product = bySku.get(item.sku);
      if (!product) {
        removed.push(item.sku);
        return [];
      }
      return [newItem(cartItemInputOf(product), item.quantity, item)];
    }),
  }));
  removed.forEach((sku) => notify.warning(`Removed ${sku} from the cart!`));
}
