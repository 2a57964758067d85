/** Warranty claims (issue 37): the list, one claim, filing one, and a photo as an object URL. */
import { queryOptions } from '@tanstack/react-query';
import type { WarrantyClaim, WarrantyClaimRequest, WarrantyClaimSummary } from '@portal/domain';
import { api } from '@/lib/api-client';

export const claimsQuery = () =>
  queryOptions({
    queryKey: ['warranty-claims', 'list'],
    queryFn: () => api<{ claims: WarrantyClaimSummary[] }>('/api/warranty-claims'),
    staleTime: 0,
  });

export const claimQuery = (id: number) =>
  queryOptions({
    queryKey: ['warranty-claims', 'detail', id],
    queryFn: () => api<WarrantyClaim>(`/api/warranty-claims/${id}`),
    staleTime: 0,
  });

export const submitClaim = (body: WarrantyClaimRequest) => api<WarrantyClaim>('/api/warranty-claims', { method: 'POST', body });

/**
 * A claim photo needs the session (an <img src> cannot send the bearer token): fetched through the
 * api client and shown from an object URL the caller revokes.
 */
export async function claimPhotoUrl(claimId: number, photoId: number, signal?: AbortSignal): Promise<string> {
  const response = await api<Response>(`/api/warranty-claims/${claimId}/photos/${photoId}`, { raw: true, silent: true, signal });
  return URL.createObjectURL(await response.blob());
}

/** A file's bytes in base64, as the claim call takes photos. */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
