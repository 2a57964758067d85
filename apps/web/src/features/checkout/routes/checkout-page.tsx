import { useState } from 'react';
import { Box, Center, Container, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { hasRoles } from '@portal/domain/rules';
import { useCart } from '@/app/providers/cart';
import { useIsBusy } from '@/lib/busy';
import { useSession, useSessionState } from '@/lib/session-store';
import { usePaymentConfig } from '@/lib/payment-config';
import { BusyOverlay } from '@/components/busy-overlay';
import { NotAllowed } from '@/components/not-allowed';
import { createRequestOf } from '../components/checkout-form';
import { CheckoutFormView } from '../components/checkout-form-view';
import { useCheckoutSetup } from '../components/use-checkout-setup';

/**
 * /checkout (spec 2: a full page, guarded): signed in (the route guard), the checkout role and a
 * cart with items; the checkout is opened (created or reused) before the form shows.
 */
export function CheckoutPage() {
  const session = useSession();
  const { destinationState } = useSessionState();
  const cart = useCart();
  const config = usePaymentConfig();
  const busy = useIsBusy();
  const allowed = hasRoles(session.user.roles, 'checkout');
  const [request] = useState(() => createRequestOf(cart, destinationState, session.user.email));
  const open = useCheckoutSetup(allowed ? request : null, config?.salesEmail ?? null);

  if (!allowed) {
    return (
      <Container size="sm" py="xl">
        <NotAllowed what="the checkout" />
      </Container>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Paper component="header" radius={0} shadow="xs" px="md" py="sm">
        <Group justify="space-between" maw={960} mx="auto">
          <Title order={1} size="h2">
            Checkout
          </Title>
          <Text c="dimmed" size="sm">
            {session.organization.name}
          </Text>
        </Group>
      </Paper>
      <Container component="main" size={960} py="lg" aria-busy={busy}>
        {open && config ? (
          <Paper p={{ base: 'sm', sm: 'xl' }} radius="md" withBorder>
            <CheckoutFormView
              session={session}
              destinationState={destinationState}
              branchNumber={request?.branchNumber ?? null}
              open={open}
              config={config}
            />
          </Paper>
        ) : (
          <Center py="xl">
            <Loader aria-label="Loading the checkout" />
          </Center>
        )}
      </Container>
      <BusyOverlay />
    </Box>
  );
}
