import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEAD_MESSAGES, LEADS_EXPORT_FILE_NAME, type LeadList } from '@portal/domain';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const LEADS_KEY = ['event', 'leads'] as const;

/** `GET /api/event/leads` (issue 34): the organization's leads, the latest scanned first. */
export const leadsQuery = () => queryOptions({ queryKey: LEADS_KEY, queryFn: () => api<LeadList>('/api/event/leads') });

export const useLeads = (enabled: boolean) => useQuery({ ...leadsQuery(), enabled });

/** 'Export Leads CSV': `GET /api/event/leads/export` with the session, saved by the browser as leads.csv. */
export async function downloadLeadsExport(): Promise<void> {
  try {
    const response = await api<Response>('/api/event/leads/export', { raw: true });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = LEADS_EXPORT_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    notify.error(LEAD_MESSAGES.exportFailed);
  }
}
