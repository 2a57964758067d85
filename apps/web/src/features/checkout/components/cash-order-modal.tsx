import { Button, Group, Modal, Text } from '@mantine/core';
import { formatMoney } from '@portal/domain/rules';

/** 'Complete Cash Order?' (spec 2 "Checkout page" modals, spec 5: cash orders need this confirmation). */
export function CashOrderModal({
  opened,
  grandTotal,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  grandTotal: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Complete Cash Order?" size={400}>
      <Text mb="md">
        The order will be placed as a cash sale of {formatMoney(grandTotal)}, paid at your counter. No card will be charged.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>OK</Button>
      </Group>
    </Modal>
  );
}
