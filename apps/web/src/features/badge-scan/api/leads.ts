import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEAD_MESSAGES, LEADS_EXPORT_FILE_NAME } from '@portal/domain/rules';
import type { LeadList } from '@portal/domain';
import { api, downloadFile } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const LEADS_KEY = ['event', 'leads'] as const;

/** `GET /api/event/leads` (issue 34): the organization's leads, the latest scanned first. */
export const leadsQuery = () => queryOptions({ queryKey: LEADS_KEY, queryFn: () => api<LeadList>('/api/event/leads') });

export const useLeads = (enabled: boolean) => useQuery({ ...leadsQuery(), enabled });

/** 'Export Leads CSV': `GET /api/event/leads/export` with the session, saved by the browser as leads.csv. */
export async function downloadLeadsExport(): Promise<void> {
  try {
    await downloadFile('/api/event/leads/export', LEADS_EXPORT_FILE_NAME);
  } catch {
    notify.error(LEAD_MESSAGES.exportFailed);
  }
}
