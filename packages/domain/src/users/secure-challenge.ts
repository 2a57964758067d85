/**
 * Password reset and account activation (spec 4 "Password reset / activation", 5, 7, 8;
 * server-rules "Password codes"): the three calls' payloads, the spec's messages and the code format.
 */
import { z } from 'zod';
import { emailField } from '../validators.js';
import { CHALLENGE_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, normalizeChallengeCode } from './secure-challenge-rules.js';

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
