import { useQueryClient } from '@tanstack/react-query';
import { SAVED_CART_MESSAGES } from '@portal/domain/rules';
import { savedCartNameSchema } from '@portal/domain';
import { NameDialog } from '@/components/name-dialog';
import { notify } from '@/lib/notify';
import type { CartState } from '../store';
import { SAVED_CARTS_QUERY_KEY, saveCart } from '../api/save-cart';

/** The 'Save Cart' dialog: asks for a name (checked with the domain's rule) and saves the cart's lines under it. */
export function SaveCartDialog({ cart, branchNumber, onClose }: { cart: CartState; branchNumber: number; onClose: () => void }) {
  const queryClient = useQueryClient();

  async function save(name: string) {
    if (!cart.catalog) return;
    await saveCart({
      name,
      branchNumber,
      catalog: cart.catalog,
      items: cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
    });
    notify.success(SAVED_CART_MESSAGES.saved(name));
    void queryClient.invalidateQueries({ queryKey: SAVED_CARTS_QUERY_KEY });
  }

  return (
    <NameDialog
      title="Save Cart"
      description="The saved cart keeps the items and quantities; prices are taken again when you add it to a cart."
      initialName=""
      schema={savedCartNameSchema}
      onSave={save}
      failureText="The cart could not be saved. Please try again later."
      onClose={onClose}
    />
  );
}
