import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The 'Inspections Due' tile (issue 37): the user's units due within 30 days or overdue. */
export function useInspectionsDue(enabled: boolean) {
  return useQuery({
    queryKey: ['equipment', 'inspections-due'],
    queryFn: () => api<{ count: number }>('/api/equipment/inspections-due', { silent: true }),
    enabled,
  });
}

/** '...' while loading, '—' on failure, else the count. */
export function inspectionsDueText(query: { isError: boolean; data: { count: number } | undefined }): string {
  if (query.isError) return '—';
  return query.data === undefined ? '...' : query.data.count.toLocaleString('en-US');
}
