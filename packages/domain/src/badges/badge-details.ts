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

export const EMPTY_BADGE_DETAILS: BadgeDetails = {
  firstName: '',
  lastName: '',
  company: '',
  jobTitle: '',
  email: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
};

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

export const BADGE_MESSAGES = {
  unreadable: 'The QR code is not a badge.',
  notFound: 'The badge was not found.',
  /** Spec 8 leaves the failed-scan message open; these are ours. */
  scanFailed: 'The badge could not be read. Please try again.',
  cameraFailed: 'The camera could not be started. Allow camera access and try again.',
  holdInBox: 'Hold the badge QR code inside the box.',
  typeInstead: 'No camera? Type or paste the code printed on the badge.',
  /** Spec 2 "Scan QR Code": asked after each scan. */
  marketingQuestion: 'Do you want to subscribe to the marketing email list?',
} as const;

/** Spec 9 "QR country mapping": United States to US, Canada to CA, Mexico to MX; other values stay. */
const COUNTRY_CODES: Record<string, string> = {
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  us: 'US',
  canada: 'CA',
  ca: 'CA',
  mexico: 'MX',
  méxico: 'MX',
  mx: 'MX',
};

export function badgeCountryCode(country: string): string {
  const trimmed = country.trim();
  return COUNTRY_CODES[trimmed.toLowerCase().replace(/\./g, '')] ?? trimmed;
}
