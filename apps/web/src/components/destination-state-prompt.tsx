import { Alert, Button, Text } from '@mantine/core';
import { requestDestinationState } from '@/lib/session-store';

/**
 * Prices and stock need a destination state (spec 5): shown where a screen cannot price without
 * one, with a button that opens the shell's Destination State chooser.
 */
export function DestinationStatePrompt() {
  return (
    <Alert color="yellow" title="Choose a destination state">
      <Text size="sm">Prices and availability depend on where the order ships.</Text>
      <Button mt="xs" size="xs" onClick={() => requestDestinationState()}>
        Choose Destination State
      </Button>
    </Alert>
  );
}
