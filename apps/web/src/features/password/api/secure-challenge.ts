import type { ChallengeComplete, ChallengeToken, ChallengeVerify } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/secure-challenge` (stage 1): the answer is the same whether or not the email exists. */
export function requestCode(email: string): Promise<void> {
  return api<void>('/api/secure-challenge', { method: 'POST', body: { email } });
}

/** `POST /api/secure-challenge/verify` (stage 2): a right code answers the token of stage 3. */
export function verifyCode(request: ChallengeVerify): Promise<ChallengeToken> {
  return api<ChallengeToken>('/api/secure-challenge/verify', { method: 'POST', body: request });
}

/** `POST /api/secure-challenge/complete` (stage 3). */
export function completeChallenge(request: ChallengeComplete): Promise<void> {
  return api<void>('/api/secure-challenge/complete', { method: 'POST', body: request });
}
