import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `GET /api/account/statement` (role accounting): the organization's statement. */
export const statementQuery = () =>
  queryOptions({
    queryKey: ['account', 'statement'],
    queryFn: () => api<Statement>('/api/account/statement'),
    staleTime: 0,
  });
