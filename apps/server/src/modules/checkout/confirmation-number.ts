/**
 * Confirmation numbers (server-rules "Orders": a short unguessable code): 10 characters of
 * Crockford base 32 from the system's random source, 50 bits. Seeded orders use 8 characters, so
 * a new code can never equal one of theirs.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // no I, L, O, U
export const CONFIRMATION_NUMBER_LENGTH = 10;

export function newConfirmationNumber(): string {
  const bytes = randomBytes(CONFIRMATION_NUMBER_LENGTH);
  let code = '';
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  for (const byte of bytes) code += ALPHABET[byte % 32];
  return code;
}
