import { useEffect } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Session } from '@portal/domain';
import { cartPort } from '@/features/cart/store';
import { api, ApiError } from '@/lib/api-client';
import { clearSession, setSession, useSessionState } from '@/lib/session-store';
import { CartContext } from './providers/cart';

/**
 * Guards every signed-in route: no stored session → /login; a stored one is refreshed first (spec 4).
 * The signed-in screens get the cart feature's store through the cart port (./providers/cart.ts).
 */
export function RequireSession() {
  const { token, session } = useSessionState();
  const location = useLocation();
  const refresh = useQuery({
    queryKey: ['session-refresh', token],
    queryFn: () => api<Session>('/api/users/session/refresh'),
    enabled: !!token && !session,
    gcTime: 0,
  });

  useEffect(() => {
    if (refresh.data) setSession(refresh.data);
  }, [refresh.data]);

  // The server's refusal ends the session; a check that never reached the server (offline, with the
  // shell opened by the service worker, spec 9) keeps the stored session for another try.
  const unreachable = refresh.isError && !(refresh.error instanceof ApiError);
  useEffect(() => {
    if (refresh.isError && !unreachable) clearSession();
  }, [refresh.isError, unreachable]);
  const { refetch } = refresh;
  useEffect(() => {
    if (!unreachable) return;
    const retry = () => void refetch();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unreachable, refetch]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!session && unreachable) {
    return (
      <Center h="100vh" p="md">
        <Stack align="center" gap="sm" role="alert">
          <Text ta="center">The portal cannot reach the server. Check the connection and try again.</Text>
          <Button onClick={() => void refetch()} loading={refresh.isFetching}>
            Try Again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!session) {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <CartContext value={cartPort}>
      <Outlet />
    </CartContext>
  );
}
