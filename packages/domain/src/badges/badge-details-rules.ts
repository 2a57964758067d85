/** The zod-free rules of badge-details.ts (its API schemas stay there); exported through src/rules.ts. */
import type { BadgeDetails } from './badge-details.js';

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
