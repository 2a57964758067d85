import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { SessionOrganization } from '@portal/domain';

/** Card Reader Terminal (spec 2 "Checkout page"; only when the organization allows terminals). */
export function TerminalSection({
  terminals,
  readerId,
  onReaderChange,
  onSend,
}: {
  terminals: SessionOrganization['terminals'];
  readerId: string;
  onReaderChange: (readerId: string) => void;
  onSend: () => void;
}) {
  return (
    <Group align="flex-end">
      <NativeSelect
        label="Card Reader Terminal"
        data={terminals.map((t) => ({ value: t.id, label: t.name }))}
        value={readerId}
        onChange={(event) => onReaderChange(event.currentTarget.value)}
        miw={220}
      />
      <Button variant="outline" onClick={onSend} disabled={!readerId}>
        Send to POS Terminal
      </Button>
    </Group>
  );
}

const STATUS_TEXT: Record<string, string> = {
  open: 'Waiting for the card reader…',
  pending: 'Waiting for the customer to present a card on the reader…',
};

/** 'Complete on Card Reader': shown while the reader's status is polled, with a reset button. */
export function TerminalModal({
  opened,
  readerName,
  status,
  onReset,
}: {
  opened: boolean;
  readerName: string;
  status: string | null;
  onReset: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onReset} title="Complete on Card Reader" size={400} closeOnClickOutside={false}>
      <Stack align="center" gap="md">
        <Loader aria-label="Waiting for the card reader" />
        <Text ta="center">The checkout was sent to {readerName}.</Text>
        <Text ta="center" size="sm" c="dimmed" role="status">
          {STATUS_TEXT[status ?? 'open'] ?? STATUS_TEXT.pending}
        </Text>
        <Button variant="default" onClick={onReset}>
          Reset
        </Button>
      </Stack>
    </Modal>
  );
}
