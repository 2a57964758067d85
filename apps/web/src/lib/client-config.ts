import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type ClientConfig = { liveChatScriptUrl: string | null; shippingPolicyUrl: string; salesEmail: string };

/** Public settings served by the server (`GET /api/client-config`). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => api<ClientConfig>('/api/client-config', { silent: true }),
    staleTime: Infinity,
  });
}
