import { CATALOG_EXPORT_FILE_NAME } from '@portal/domain';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * 'Export Full Catalog CSV' (spec 2, 7, 9): `GET /api/catalog/export` with the bearer token, saved
 * by the browser as catalog_export.csv.
 */
export async function downloadCatalogExport(branchNumber: number, catalog: string): Promise<void> {
  try {
    const response = await api<Response>('/api/catalog/export', {
      query: { companyNumber: 1, branchNumber, catalog },
      raw: true,
    });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = CATALOG_EXPORT_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    notify.error('The catalog export could not be downloaded. Please try again later.');
  }
}
