import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { isStateCode, US_STATES } from '@portal/domain/rules';
import { useClientConfig } from '@/lib/client-config';
import { chooseDestinationState, requestDestinationState, useSessionState } from '@/lib/session-store';

/** 'Destination State' (spec 2 "Modals"): the 50 states, OK, Cancel, Learn More in a new tab. */
export function DestinationStateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { destinationState } = useSessionState();
  const [choice, setChoice] = useState<string>(destinationState ?? '');
  const [error, setError] = useState<string | null>(null);
  const config = useClientConfig();

  useEffect(() => {
    if (opened) {
      setChoice(destinationState ?? '');
      setError(null);
    }
  }, [opened, destinationState]);

  function close() {
    requestDestinationState(false);
    onClose();
  }

  function confirm() {
    if (!isStateCode(choice)) {
      setError('Please select a destination state.');
      return;
    }
    chooseDestinationState(choice);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title="Destination State" size={600}>
      <Stack>
        <Text size="sm">Prices, availability and freight charges depend on the state the order ships to.</Text>
        <NativeSelect
          label="State"
          value={choice}
          error={error}
          onChange={(event) => {
            setChoice(event.currentTarget.value);
            setError(null);
          }}
          data={[{ value: '', label: 'Select a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))]}
        />
        <Group justify="space-between">
          <Anchor href={config.data?.shippingPolicyUrl} target="_blank" rel="noopener noreferrer">
            Learn More
          </Anchor>
          <Group>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={confirm}>OK</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
