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
