import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { clearCart } from '../store';

export const CLEAR_CART_QUESTION = 'Are you sure you want to clear your cart?';

/** 'Clear Cart' asks first (spec 2 "Shopping cart"). */
export function ClearCartButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="outline" color="red" onClick={open}>
        Clear Cart
      </Button>
      <Modal opened={opened} onClose={close} title="Clear Cart" size="sm" centered>
        <Text>{CLEAR_CART_QUESTION}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              clearCart();
              close();
            }}
          >
            OK
          </Button>
        </Group>
      </Modal>
    </>
  );
}
