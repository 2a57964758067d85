/**
 * Installed equipment, warranty and inspections (issue 37; interface-contract "Equipment"). Pure
 * rules with no zod (the signed-in screens draw with these; the API's schemas are in equipment.ts).
 * Dates are calendar days `YYYY-MM-DD` (UTC).
 *
 * The server computes the same dates in SQL (equipment/repository.ts) so the list can filter and
 * page on them; equipment-rules.test.ts and the API tests hold both to the same edges.
 */

/** The claim statuses, in the order a claim usually moves through them (contract words). */
export const WARRANTY_CLAIM_STATUSES = ['Submitted', 'In Review', 'Approved', 'Denied', 'Parts Shipped', 'Credited'] as const;
export type WarrantyClaimStatus = (typeof WARRANTY_CLAIM_STATUSES)[number];

/** ANSI/ALI ALOIM: a lift is inspected every year. */
export const INSPECTION_INTERVAL_MONTHS = 12;
/** 'Inspections Due' and the list's 'Inspection due' filter: due within this many days, or overdue. */
export const INSPECTION_DUE_WITHIN_DAYS = 30;

/** A claim carries at most this many photos, each at most this many bytes (JPEG or PNG). */
export const CLAIM_MAX_PHOTOS = 5;
export const CLAIM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** 'Parts Needed': at most this many products, each at most this many times. */
export const CLAIM_MAX_PARTS = 20;
export const CLAIM_PART_MAX_QUANTITY = 99;
/** The parts search asks from this many characters typed, and answers at most this many products. */
export const CLAIM_PART_SEARCH_MIN_CHARS = 2;
export const CLAIM_PART_SEARCH_LIMIT = 10;

/** The equipment list's page sizes (the order lists' sizes). */
export const EQUIPMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const EQUIPMENT_DEFAULT_PAGE_SIZE = 25;

/** Serial numbers are kept upper-case: 'ab-12' typed by a dealer finds 'AB-12' of the manufacturer. */
export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9._-]{2,39}$/;
export const normalizeSerialNumber = (value: string) => value.trim().toUpperCase();

const DAY_MS = 86_400_000;

/**
 * `day` plus `months` calendar months, kept on the last day of a shorter month (Jan 31 + 1 month is
 * Feb 28 or 29; Feb 29 + 12 months is Feb 28), as PostgreSQL's `date + interval 'N months'` does.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Warranty ends the product's warrantyMonths after the install date, or the ship date until installed; null when unknown. */
export function warrantyEndsOn(installedOn: string | null, shippedOn: string | null, warrantyMonths: number | null): string | null {
  const start = installedOn ?? shippedOn;
  return start && warrantyMonths !== null ? addMonths(start, warrantyMonths) : null;
}

/** Covered through the day the warranty ends. */
export const isUnderWarranty = (warrantyEnds: string | null, today: string) => warrantyEnds !== null && today <= warrantyEnds;

/** The next inspection: 12 months after the last one, or after the install date before the first; null before installation. */
export function nextInspectionOn(lastInspectedOn: string | null, installedOn: string | null): string | null {
  const from = lastInspectedOn ?? installedOn;
  return from ? addMonths(from, INSPECTION_INTERVAL_MONTHS) : null;
}

/** Due within INSPECTION_DUE_WITHIN_DAYS days of today, or overdue. */
export const isInspectionDue = (nextInspection: string | null, today: string) =>
  nextInspection !== null && nextInspection <= addDays(today, INSPECTION_DUE_WITHIN_DAYS);

export const SERIAL_IMPORT_COLUMNS = ['serialNumber', 'sku', 'organizationId', 'shippedDate'] as const;
export const SERIAL_IMPORT_REQUIRED_COLUMNS = ['serialNumber', 'sku', 'organizationId'] as const;
