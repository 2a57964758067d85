import { api } from '@/lib/api-client';

/**
 * 'Download PDF' (issue 20): `GET /api/orders/detail/{id}/pdf` with the bearer token (a plain link
 * cannot carry it), saved by the browser as order-{id}.pdf.
 */
export async function downloadOrderPdf(documentNumber: number, branchNumber: number | null): Promise<void> {
  const response = await api<Response>(`/api/orders/detail/${documentNumber}/pdf`, { query: { branchNumber }, raw: true });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `order-${documentNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
