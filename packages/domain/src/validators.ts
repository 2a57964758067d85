import { z } from 'zod';

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

/** Email field: required, then valid. The messages are the ones the forms show. */
export function emailField(requiredMessage = 'The email address is required.', invalidMessage = 'The email address is invalid.') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isValidEmail, { error: invalidMessage });
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

/** `z.string()` that refuses NUL and lone surrogates: the base of every text field a client sends. */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnsafeText(value), { error: UNSAFE_TEXT_MESSAGE });
}

/** PostgreSQL `integer` (int4): every id, number and quantity column is one. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const INT4_MESSAGE = 'The number is too large.';

/** An integer that fits an int4 column; more than that answers 400, never a database error. */
export function int4(params?: Parameters<typeof z.number>[0]) {
  return z.number(params).int().min(INT4_MIN, { error: INT4_MESSAGE }).max(INT4_MAX, { error: INT4_MESSAGE });
}

/** A row id or other positive key (serial / int4): 1..2147483647. */
export function idNumber(params?: Parameters<typeof z.number>[0]) {
  return z.number(params).int().positive().max(INT4_MAX, { error: INT4_MESSAGE });
}

/** The same id from a path or query string (`/api/users/:id`). */
export function coercedId() {
  return z.coerce.number().int().positive().max(INT4_MAX, { error: INT4_MESSAGE });
}
