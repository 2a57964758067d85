import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CartState } from '../store';

/** Loaded when the button is pressed: the dialog and its name rule (a zod schema) are not needed to draw the cart (issue 21). */
const SaveCartDialog = lazy(async () => ({ default: (await import('./save-cart-dialog')).SaveCartDialog }));

/**
 * 'Save Cart' (issue 20 "Saved carts"): asks for a name and keeps the cart's lines (SKU and
 * quantity) as a saved cart of the branch; it is priced again when added to a cart later.
 */
export function SaveCartButton({ cart, branchNumber }: { cart: CartState; branchNumber: number | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const branch = cart.branchNumber ?? branchNumber;

  return (
    <>
      <Button variant="default" onClick={open} disabled={branch === null || !cart.catalog}>
        Save Cart
      </Button>
      {opened && branch !== null && (
        <Suspense fallback={null}>
          <SaveCartDialog cart={cart} branchNumber={branch} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
