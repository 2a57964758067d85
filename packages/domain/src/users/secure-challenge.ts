/**
 * Password reset and account activation (spec 4 "Password reset / activation", 5, 7, 8;
 * server-rules "Password codes"): the three calls' payloads, the spec's messages and the code format.
 */
import { z } from 'zod';
import { emailField } from '../validators.js';

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

const challengeEmail = () => emailField(CHALLENGE_MESSAGES.emailInvalid, CHALLENGE_MESSAGES.emailInvalid);

const codeField = z
  .string({ error: CHALLENGE_MESSAGES.codeRequired })
  .transform(normalizeChallengeCode)
  .pipe(z.string().min(1, { error: CHALLENGE_MESSAGES.codeRequired }).max(64, { error: CHALLENGE_MESSAGES.codeInvalid }));

const newPasswordField = z
  .string({ error: CHALLENGE_MESSAGES.passwordRequired })
  .min(1, { error: CHALLENGE_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: CHALLENGE_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH);

/** `POST /api/secure-challenge` (stage 1). */
export const challengeRequestSchema = z.object({ email: challengeEmail() });
export type ChallengeRequest = z.infer<typeof challengeRequestSchema>;

/** `POST /api/secure-challenge/verify` (stage 2): the code as typed; it is normalised here. */
export const challengeVerifySchema = z.object({ email: challengeEmail(), challenge: codeField });
export type ChallengeVerify = z.input<typeof challengeVerifySchema>;

/** The verify answer: a one-time token that stands for the verified code in stage 3. */
export const challengeTokenSchema = z.object({ challenge: z.string() });
export type ChallengeToken = z.infer<typeof challengeTokenSchema>;

/** `POST /api/secure-challenge/complete` (stage 3): `challenge` is the token from verify. */
export const challengeCompleteSchema = z.object({
  email: challengeEmail(),
  password: newPasswordField,
  challenge: z.string().min(1, { error: CHALLENGE_MESSAGES.tokenInvalid }).max(200, { error: CHALLENGE_MESSAGES.tokenInvalid }),
});
export type ChallengeComplete = z.infer<typeof challengeCompleteSchema>;

/** The stage 3 form: the new password twice. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, { error: CHALLENGE_MESSAGES.confirmationRequired }),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    error: CHALLENGE_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
