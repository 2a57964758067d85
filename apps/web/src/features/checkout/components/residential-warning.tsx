import { Alert, Button, Stack, Text } from '@mantine/core';
import { googleMapsSearchUrl } from '@portal/domain/rules';
import type { ShipToAddress } from '@portal/domain';
import { hasMapsAddress } from './maps-address';

/**
 * Spec 2 "Checkout page": when the residential charge is required but declined, a warning and a
 * button that opens a maps search for the address, so the dealer can check the destination. The
 * button appears once there is an address to search for.
 */
export function ResidentialWarning({ address }: { address: ShipToAddress }) {
  return (
    <Alert color="yellow" title="Residential Service Declined" role="note">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          An item requires residential delivery service and it was declined. Please confirm the destination is not a residence: if the
          carrier finds it residential, the customer is responsible for the additional charges and delays.
        </Text>
        {hasMapsAddress(address) ? (
          <Button
            variant="light"
            color="yellow"
            size="xs"
            onClick={() => window.open(googleMapsSearchUrl(address), '_blank', 'noopener,noreferrer')}
          >
            Open On Google Maps
          </Button>
        ) : (
          <Text size="sm" data-testid="maps-hint">
            Enter the shipping address to check it on Google Maps.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
