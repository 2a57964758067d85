/** The zod-free rules of leads.ts (its API schemas stay there); exported through src/rules.ts. */
import type { BadgeDetails } from './badge-details.js';
import type { Lead } from './leads.js';

const DETAIL_ORDER: (keyof BadgeDetails)[] = [
  'company',
  'jobTitle',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
];

/** The file name the browser saves `GET /api/event/leads/export` as. */
export const LEADS_EXPORT_FILE_NAME = 'leads.csv';

/**
 * The export's columns: the spec's table (spec 2 "Scan QR Code") in its order and words, then the
 * consent answer and the scan's time and user.
 */
export const LEADS_CSV_COLUMNS = [
  'Company',
  'Job Title',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Postal Code',
  'Country',
  'Marketing Emails',
  'Scanned At',
  'Scanned By',
] as const;

/** One lead's cells in the order of LEADS_CSV_COLUMNS. */
export function leadCsvCells(lead: Lead): string[] {
  return [...DETAIL_ORDER.map((key) => lead[key]), lead.allowMarketing ? 'Yes' : 'No', lead.scannedAt, lead.scannedBy];
}

export const LEAD_MESSAGES = {
  exportFailed: 'The leads could not be exported. Please try again later.',
} as const;
