import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@portal/domain/rules';
import type { Statement } from '@portal/domain';
import { api } from '@/lib/api-client';

/** The organization's balance due for the 'Balance Due' tile (`GET /api/account/statement`, role accounting). */
export function useBalanceDue(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'statement'],
    queryFn: () => api<Statement>('/api/account/statement'),
    enabled,
    select: (statement) => ({ balance: statement.balance, pastDue: statement.pastDue }),
  });
}

/** '...' while loading, '—' on failure, else the balance ($12,345.67). */
export function balanceText(query: { isError: boolean; data: { balance: number } | undefined }): string {
  if (query.isError) return '—';
  return query.data === undefined ? '...' : formatMoney(query.data.balance);
}
