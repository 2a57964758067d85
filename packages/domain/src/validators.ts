import { z } from 'zod';
import { isValidEmail, UNSAFE_TEXT_MESSAGE, hasUnsafeText, INT4_MAX, INT4_MIN, INT4_MESSAGE } from './validators-rules.js';

/** Email field: required, then valid. The messages are the ones the forms show. */
export function emailField(requiredMessage = 'The email address is required.', invalidMessage = 'The email address is invalid.') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isValidEmail, { error: invalidMessage });
}

/** `z.string()` that refuses NUL and lone surrogates: the base of every text field a client sends. */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnsafeText(value), { error: UNSAFE_TEXT_MESSAGE });
}

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
