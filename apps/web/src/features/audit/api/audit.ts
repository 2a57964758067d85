import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditKind } from '@portal/domain/rules';
import type { AuditListResponse, ManagedUser } from '@portal/domain';
import { api } from '@/lib/api-client';

export type AuditFilters = { page: number; userId: number | null; kind: AuditKind | null };

/** `GET /api/organization/audit` (manageUsers): one page, newest first. */
export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', filters],
    queryFn: () =>
      api<AuditListResponse>('/api/organization/audit', {
        query: { page: filters.page, userId: filters.userId ?? undefined, kind: filters.kind ?? undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The organization's users for the user filter (`GET /api/users`, manageUsers). */
export const auditUsersQuery = () =>
  queryOptions({
    queryKey: ['audit', 'users'],
    queryFn: () => api<ManagedUser[]>('/api/users'),
  });
