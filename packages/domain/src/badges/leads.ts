/**
 * The organization's badge leads (issue 34 "Badge leads"; interface-contract.md "Everyday
 * screens": listed in a table, exported with 'Export Leads CSV'). A lead is a badge scanned on
 * /sema (spec 2 "Scan QR Code"), saved once per badge and organization with the latest
 * marketing-consent answer.
 */
import { z } from 'zod';
import { badgeDetailsSchema } from './badge-details.js';

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
