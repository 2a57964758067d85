import type { BadgeDetails, BadgeScanRequest } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/event/badgescan` (spec 7): saves the scan as a lead and answers the badge's details. */
export const saveBadgeScan = (request: BadgeScanRequest) => api<BadgeDetails>('/api/event/badgescan', { method: 'POST', body: request });
