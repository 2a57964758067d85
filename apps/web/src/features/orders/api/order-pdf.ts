import { downloadFile } from '@/lib/api-client';

/**
 * 'Download PDF' (issue 20): `GET /api/orders/detail/{id}/pdf` with the bearer token, saved by the
 * browser as order-{id}.pdf.
 */
export function downloadOrderPdf(documentNumber: number, branchNumber: number | null): Promise<void> {
  return downloadFile(`/api/orders/detail/${documentNumber}/pdf`, `order-${documentNumber}.pdf`, { query: { branchNumber } });
}
