import { useQuery } from '@tanstack/react-query';
import type { CreditSummary } from '@portal/domain';
import { api } from './api-client';

/**
 * `GET /api/account/credit` (role checkout, issue 36): the organization's credit limit and what is
 * left of it, for the cart's and the checkout's on-account warning. Asked only where orders go on account.
 */
export function useAccountCredit(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'credit'],
    queryFn: () => api<CreditSummary>('/api/account/credit'),
    enabled,
    staleTime: 0,
  });
}
