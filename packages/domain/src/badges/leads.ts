/**
 * The organization's badge leads (issue 34 "Badge leads"; interface-contract.md "Everyday
 * screens": listed in a table, exported with 'Export Leads CSV'). A lead is a badge scanned on
 * /sema (spec 2 "Scan QR Code"), saved once per badge and organization with the latest
 * marketing-consent answer.
 */
import { z } from 'zod';
import { badgeDetailsSchema, type BadgeDetails } from './badge-details.js';

/** `GET /api/event/leads`: one lead, the badge details beside when and by whom it was last scanned. */
export const leadSchema = badgeDetailsSchema.extend({
  id: z.number().int(),
  allowMarketing: z.boolean(),
  /** ISO time of the latest scan. */
  scannedAt: z.string(),
  /** The user who scanned it last: first and last name, else the email. */
  scannedBy: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListSchema = z.object({ leads: z.array(leadSchema) });
export type LeadList = z.infer<typeof leadListSchema>;

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

/** One lead's cells in the order of LEADS_CSV_COLUMNS. */
export function leadCsvCells(lead: Lead): string[] {
  return [...DETAIL_ORDER.map((key) => lead[key]), lead.allowMarketing ? 'Yes' : 'No', lead.scannedAt, lead.scannedBy];
}

export const LEAD_MESSAGES = {
  exportFailed: 'The leads could not be exported. Please try again later.',
} as const;
