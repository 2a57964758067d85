import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { SAVED_CART_MESSAGES, savedCartNameSchema } from '@portal/domain';
import { NameDialog } from '@/components/name-dialog';
import type { CartState } from '../store';
import { notify } from '@/lib/notify';
import { SAVED_CARTS_QUERY_KEY, saveCart } from '../api/save-cart';

/**
 * 'Save Cart' (issue 20 "Saved carts"): asks for a name and keeps the cart's lines (SKU and
 * quantity) as a saved cart of the branch; it is priced again when added to a cart later.
 */
export function SaveCartButton({ cart, branchNumber }: { cart: CartState; branchNumber: number | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const branch = cart.branchNumber ?? branchNumber;

  async function save(name: string) {
    if (!cart.catalog || branch === null) return;
    await saveCart({
      name,
      branchNumber: branch,
      catalog: cart.catalog,
      items: cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
    });
    notify.success(SAVED_CART_MESSAGES.saved(name));
    void queryClient.invalidateQueries({ queryKey: SAVED_CARTS_QUERY_KEY });
  }

  return (
    <>
      <Button variant="default" onClick={open} disabled={branch === null || !cart.catalog}>
        Save Cart
      </Button>
      {opened && (
        <NameDialog
          title="Save Cart"
          description="The saved cart keeps the items and quantities; prices are taken again when you add it to a cart."
          initialName=""
          schema={savedCartNameSchema}
          onSave={save}
          failureText="The cart could not be saved. Please try again later."
          onClose={close}
        />
      )}
    </>
  );
}
