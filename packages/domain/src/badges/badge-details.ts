/**
 * Badge details (spec 3 "Badge details": first_name, last_name, company, job_title, email, phone,
 * address1, address2, city, state, zip, country), in the API's camelCase, and the badge lookup call
 * (interface-contract.md: `POST /api/event/badge-lookup`).
 */
import { z } from 'zod';
import { safeString } from '../validators.js';

const text = (max: number) => safeString().trim().max(max);

export const badgeDetailsSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  company: text(200),
  jobTitle: text(200),
  email: text(254),
  phone: text(40),
  address1: text(200),
  address2: text(200),
  city: text(100),
  state: text(100),
  zip: text(20),
  /** ISO code for the mapped countries (spec 9: United States to US, Canada to CA, Mexico to MX), else as printed. */
  country: text(100),
});
export type BadgeDetails = z.infer<typeof badgeDetailsSchema>;

const BADGE_SCAN_TOO_MANY_FIELDS = 'The badge has too many fields.';

/** The decoded text of a badge QR code. */
export const badgeLookupRequestSchema = z.object({ payload: safeString().trim().min(1).max(4000) });
export type BadgeLookupRequest = z.infer<typeof badgeLookupRequestSchema>;

/**
 * `POST /api/event/badgescan` (spec 7: badge, allowMarketing): the decoded QR text of a badge scanned
 * on /sema and the visitor's answer to the marketing question. It is saved as a lead of the
 * organization; the answer is the badge's details, for the page's table.
 */
export const badgeScanRequestSchema = z.object({
  /**
   * The decoded QR text, or the badge's details as an object: the spec's Badge details (spec 3:
   * first_name, last_name, company, job_title, email, phone, address1, address2, city, state, zip,
   * country), our camelCase names, or a `badge_id` to look up. An object is read as a JSON badge.
   */
  badge: z
    .union([
      z.string().trim().min(1).max(4000),
      z
        .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.null()]))
        .refine((fields) => Object.keys(fields).length <= 40, { error: BADGE_SCAN_TOO_MANY_FIELDS }),
    ])
    .transform((badge) => (typeof badge === 'string' ? badge : JSON.stringify(badge))),
  allowMarketing: z.boolean(),
});
export type BadgeScanRequest = z.input<typeof badgeScanRequestSchema>;
export type BadgeScan = z.output<typeof badgeScanRequestSchema>;
