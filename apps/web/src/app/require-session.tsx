import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Session } from '@portal/domain';
import { api } from '../lib/api-client';
import { clearSession, setSession, useSessionState } from '../lib/session-store';

/** Guards every signed-in route: no stored session → /login; a stored one is refreshed first (spec 4). */
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

  useEffect(() => {
    if (refresh.isError) clearSession();
  }, [refresh.isError]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!session) {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Outlet />;
}
