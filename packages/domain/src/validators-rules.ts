/** The zod-free rules of validators.ts (its API schemas stay there); exported through src/rules.ts. */

/**
 * Email rule of spec 5: a valid address, at most 254 characters overall and 64 in the local part.
 * Kept deliberately simple (one @, a dotted domain, no spaces), as browsers do.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  if (value.length > 254 || !EMAIL_SHAPE.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64;
}

/** Digits only, as the quantity and page boxes accept (spec 5). */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/**
 * Text PostgreSQL cannot store (issue 17, finding 4). A NUL byte is refused by `text` columns and by
 * every query parameter, and a lone UTF-16 surrogate (half of a pair, as JSON's `"\ud800"` can carry)
 * has no UTF-8 encoding; either one used to reach the database and answer 500. Refused up front
 * with a 400 naming the field instead.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'The text contains characters that are not allowed.';

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** PostgreSQL `integer` (int4): every id, number and quantity column is one. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const INT4_MESSAGE = 'The number is too large.';
