/** Password codes and tokens (server-rules "Password codes"). */
import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '@portal/domain/rules';

/** A short, case-insensitive code from an alphabet without look-alikes: 31^8 ≈ 8.5e11 values. */
export function newChallengeCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
