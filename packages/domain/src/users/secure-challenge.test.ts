import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, formatChallengeCode, normalizeChallengeCode } from './secure-challenge-rules.js';
import { challengeVerifySchema, newPasswordFormSchema } from './secure-challenge.js';

describe('challenge codes', () => {
  it('strips non-alphanumerics and ignores case (spec 5)', () => {
    expect(normalizeChallengeCode(' ab3d-e f7h. ')).toBe('AB3DEF7H');
    expect(normalizeChallengeCode('---')).toBe('');
  });

  it('shows a code with a dash', () => {
    expect(formatChallengeCode('AB3DEF7H')).toBe('AB3D-EF7H');
    expect(formatChallengeCode('ab3d-ef7h')).toBe('AB3D-EF7H');
  });

  it('verifies the normalised code and requires one', () => {
    expect(challengeVerifySchema.parse({ email: 'a@b.example', challenge: 'ab3d-ef7h' }).challenge).toBe('AB3DEF7H');
    const empty = challengeVerifySchema.safeParse({ email: 'a@b.example', challenge: ' - ' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([CHALLENGE_MESSAGES.codeRequired]);
  });
});

describe('new password form', () => {
  it('uses the spec messages', () => {
    const required = newPasswordFormSchema.safeParse({ password: '', confirmPassword: '' });
    expect(required.error?.issues.map((i) => i.message)).toEqual([
      CHALLENGE_MESSAGES.passwordRequired,
      CHALLENGE_MESSAGES.confirmationRequired,
    ]);
    const differ = newPasswordFormSchema.safeParse({ password: 'Long-enough-1', confirmPassword: 'Long-enough-2' });
    expect(differ.error?.issues).toEqual([expect.objectContaining({ message: 'The passwords do not match.', path: ['confirmPassword'] })]);
    expect(newPasswordFormSchema.safeParse({ password: 'Long-enough-1', confirmPassword: 'Long-enough-1' }).success).toBe(true);
  });
});
