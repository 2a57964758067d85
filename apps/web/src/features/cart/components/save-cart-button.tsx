import { useState } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { SAVED_CART_MESSAGES, savedCartNameSchema } from '@portal/domain';
import { ApiError } from '../../../lib/api-client';
import type { CartState } from '../../../lib/cart-store';
import { notify } from '../../../lib/notify';
import { SAVED_CARTS_QUERY_KEY, saveCart } from '../api/save-cart';

/**
 * 'Save Cart' (issue 20 "Saved carts"): asks for a name and keeps the cart's lines (SKU and
 * quantity) as a saved cart of the branch; it is priced again when added to a cart later.
 */
export function SaveCartButton({ cart, branchNumber }: { cart: CartState; branchNumber: number | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const branch = cart.branchNumber ?? branchNumber;

  function start() {
    setName('');
    setError(null);
    open();
  }

  async function save() {
    const parsed = savedCartNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SAVED_CART_MESSAGES.nameRequired);
      return;
    }
    if (!cart.catalog || branch === null) return;
    setPending(true);
    try {
      await saveCart({
        name: parsed.data,
        branchNumber: branch,
        catalog: cart.catalog,
        items: cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
      });
      notify.success(SAVED_CART_MESSAGES.saved(parsed.data));
      void queryClient.invalidateQueries({ queryKey: SAVED_CARTS_QUERY_KEY });
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The cart could not be saved. Please try again later.');
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="default" onClick={start} disabled={branch === null || !cart.catalog}>
        Save Cart
      </Button>
      <Modal opened={opened} onClose={close} title="Save Cart" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextInput
            label="Name"
            description="The saved cart keeps the items and quantities; prices are taken again when you add it to a cart."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
            maxLength={100}
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
