import { useDeferredValue, useEffect } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Session } from '@portal/domain';
import { cartPort } from '@/features/cart/store';
import { api, ApiError } from '@/lib/api-client';
import { clearSession, setSession, useSessionState } from '@/lib/session-store';
import { CartContext } from './providers/cart';
import { StartupLoader } from './startup-loader';

/**
 * Guards every signed-in route: no stored session → /login; a stored one is refreshed first (spec 4).
 * The signed-in screens get the cart feature's store through the cart port (./providers/cart.ts).
 */
export function RequireSession() {
  const { token, session } = useSessionState();
  // The shell and its screen are drawn once the session check answers. That answer comes from an
  // external store, whose updates React draws in one synchronous task; following it through a
  // deferred value lets React draw the first screen in an interruptible, time-sliced render
  // instead (issue 21: a long task of 0.3-0.8 s on a phone). A session present from the start (as
  // after signing in) draws at once, as before.
  const sessionReady = useDeferredValue(session !== null);
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
  // `session` is checked too: a session that just ended must not draw the screens for one more render.
  if (!session || !sessionReady) {
    return <StartupLoader />;
  }
  return (
    <CartContext value={cartPort}>
      <Outlet />
    </CartContext>
  );
}
