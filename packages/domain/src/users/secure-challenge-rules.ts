/** The zod-free rules of secure-challenge.ts (its API schemas stay there); exported through src/rules.ts. */

export const PASSWORD_REASONS = ['activate', 'reset'] as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[number];

export const CHALLENGE_MESSAGES = {
  /** Spec 5 uses one message for a missing and a malformed email on the request step. */
  emailInvalid: 'The email address is invalid.',
  codeRequired: 'The code is required.',
  passwordRequired: 'The new password is required.',
  passwordTooShort: 'The new password must be at least 8 characters.',
  confirmationRequired: 'Please confirm the new password.',
  passwordsDiffer: 'The passwords do not match.',
  codeInvalid: 'The code is invalid or has expired.',
  tokenInvalid: 'This code has expired or was already used. Please request a new code.',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  resendTooSoon: 'Please wait 30 seconds before requesting another code.',
  tooManyRequests: 'Too many code requests. Please wait a few minutes and try again.',
  /** Too many failed codes or tokens from one address, across emails (issue 31). */
  tooManyFromAddress: 'Too many attempts from this network. Please wait a few minutes and try again.',
} as const;

/** Spec 8 notices. */
export const PASSWORD_NOTICES = {
  activated: 'Your account has been activated and you may now login.',
  reset: 'Your password has been reset. You may now login with the new password.',
  codeSent: (email: string) => `If the email address ${email} is a valid account you will receive a code in your email inbox.`,
} as const;

export const PASSWORD_TITLES: Record<PasswordReason, string> = {
  activate: 'Activate your Account',
  reset: 'Reset your Password',
};

/** Spec 9: resend of a code is blocked this long after sending. */
export const RESEND_LOCK_SECONDS = 30;
export const CODE_LENGTH = 8;
/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L, so a code read aloud or retyped survives. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Spec 5: non-alphanumeric characters are stripped before verifying; codes are case-insensitive. */
export function normalizeChallengeCode(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** `ABCD-EFGH`: how a code is shown in an email (the dash is stripped again when verifying). */
export function formatChallengeCode(code: string): string {
  const normalized = normalizeChallengeCode(code);
  const half = Math.ceil(normalized.length / 2);
  return normalized.length > 4 ? `${normalized.slice(0, half)}-${normalized.slice(half)}` : normalized;
}
