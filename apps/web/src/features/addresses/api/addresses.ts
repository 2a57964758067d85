import { queryOptions } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressList, ShipToAddress } from '@portal/domain';
import { api } from '@/lib/api-client';

export const addressesKey = ['addresses'] as const;

/** `GET /api/organization/addresses`. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: async () => (await api<SavedAddressList>('/api/organization/addresses')).addresses,
    staleTime: 0,
  });

/** `POST /api/organization/addresses`. */
export const createAddress = (body: ShipToAddress) => api<SavedAddress>('/api/organization/addresses', { method: 'POST', body });

/** `PUT /api/organization/addresses/{id}`. */
export const updateAddress = (id: number, body: ShipToAddress) =>
  api<SavedAddress>(`/api/organization/addresses/${id}`, { method: 'PUT', body });

/** `DELETE /api/organization/addresses/{id}`. */
export const deleteAddress = (id: number) => api<void>(`/api/organization/addresses/${id}`, { method: 'DELETE' });
