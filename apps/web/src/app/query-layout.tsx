import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './providers/query-client';
import './signed-in-styles';

/**
 * Server state (TanStack Query) for the screens that read it: every signed-in screen and the dev
 * mailbox. A lazily loaded layout route, so the login page's first download carries no query cache
 * (performance.md "Web"). One client for the whole page view: the cache outlives a visit to a
 * public page, as when the provider wrapped the whole app (app/providers/query-client.ts).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
