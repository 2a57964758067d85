import { CATALOG_EXPORT_FILE_NAME } from '@portal/domain/rules';
import { downloadFile } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * 'Export Full Catalog CSV' (spec 2, 7, 9): `GET /api/catalog/export` with the bearer token, saved
 * by the browser as catalog_export.csv.
 */
export async function downloadCatalogExport(branchNumber: number, catalog: string): Promise<void> {
  try {
    await downloadFile('/api/catalog/export', CATALOG_EXPORT_FILE_NAME, { query: { companyNumber: 1, branchNumber, catalog } });
  } catch {
    notify.error('The catalog export could not be downloaded. Please try again later.');
  }
}
