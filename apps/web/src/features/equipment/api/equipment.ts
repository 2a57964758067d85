/**
 * The equipment calls (issue 37; interface-contract "Equipment"): the list, a unit's details, its
 * install date and location, inspections, Register Equipment, the CSV export and the dashboard count.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EquipmentDetail, EquipmentListResponse, InspectionRequest } from '@portal/domain';
import { api, downloadFile } from '@/lib/api-client';

export type EquipmentFilters = { branchNumber: number | null; keyword: string; inspectionDue: boolean; underWarranty: boolean };

const filterQuery = (f: EquipmentFilters) => ({
  branchNumber: f.branchNumber ?? undefined,
  keyword: f.keyword.trim() || undefined,
  inspectionDue: f.inspectionDue ? 'true' : undefined,
  underWarranty: f.underWarranty ? 'true' : undefined,
});

/** `GET /api/equipment`: one page of the branch's units. */
export const equipmentListQuery = (filters: EquipmentFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['equipment', 'list', filters, page, pageSize],
    queryFn: () => api<EquipmentListResponse>('/api/equipment', { query: { ...filterQuery(filters), page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `GET /api/equipment.csv`: every unit the filters match. */
export const downloadEquipmentCsv = (filters: EquipmentFilters) =>
  downloadFile('/api/equipment.csv', 'equipment.csv', { query: filterQuery(filters) });

export const equipmentDetailQuery = (serialNumber: string) =>
  queryOptions({
    queryKey: ['equipment', 'detail', serialNumber],
    queryFn: () => api<EquipmentDetail>(`/api/equipment/${encodeURIComponent(serialNumber)}`),
    staleTime: 0,
  });

export const saveInstallation = (
  serialNumber: string,
  body: { installedOn: string | null; locationName: string; locationAddress: string },
) => api<EquipmentDetail>(`/api/equipment/${encodeURIComponent(serialNumber)}`, { method: 'PUT', body });

export const recordInspection = (serialNumber: string, body: InspectionRequest) =>
  api<EquipmentDetail>(`/api/equipment/${encodeURIComponent(serialNumber)}/inspections`, { method: 'POST', body });

export const registerEquipment = (body: { serialNumber: string; branchNumber: number }) =>
  api<EquipmentDetail>('/api/equipment/register', { method: 'POST', body });
