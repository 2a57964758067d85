import { Button, Group, Modal, Text } from '@mantine/core';
import { clearCart } from '../store';

export const CLEAR_CART_QUESTION = 'Are you sure you want to clear your cart?';

/** The question 'Clear Cart' asks first (spec 2 "Shopping cart"); OK empties the cart. */
export function ClearCartDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Clear Cart" size="sm" centered>
      <Text>{CLEAR_CART_QUESTION}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            clearCart();
            onClose();
          }}
        >
          OK
        </Button>
      </Group>
    </Modal>
  );
}
