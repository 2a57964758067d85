import { queryOptions } from '@tanstack/react-query';
import type { DevMailboxMessage } from '@portal/domain';
import { api } from '@/lib/api-client';

/** New mail shows up by itself: the outbox worker delivers every couple of seconds. */
const POLL_MS = 5000;

/** `GET /api/dev/mailbox?to=` (docs/api.md "Development mailbox"); silent: the page shows its own loading. */
export const devMailboxQuery = (to: string) =>
  queryOptions({
    queryKey: ['dev-mailbox', to.trim().toLowerCase()],
    queryFn: ({ signal }) => api<DevMailboxMessage[]>('/api/dev/mailbox', { query: { to: to.trim() }, silent: true, signal }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });
