/**
 * Signing and retry timing of webhook deliveries (interface-contract 'Outbound events'): pure
 * functions, unit-tested in signing.test.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `whsec_` and 256 random bits: recognisable in a secrets scanner, unguessable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `v1=<hex HMAC-SHA256 of "{timestamp}.{raw body}" keyed by the secret>`: the Portal-Webhook-Signature header. */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** What a receiver does (docs/integration.md): recompute the signature and compare in constant time. */
export function verifyWebhookSignature(secret: string, timestamp: string | number, rawBody: string, header: string): boolean {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), rawBody));
  return header
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

export const WEBHOOK_DEFAULTS = {
  /** Attempts of one event for one subscription before it is failed for good. */
  maxAttempts: 8,
  /** Events failed for good in a row before the subscription is disabled. */
  disableAfterFailedEvents: 8,
  /** A 2xx within this long is a delivery. */
  timeoutMs: 10_000,
  /** How long a claim is exclusive: well beyond the timeout, so a live attempt is never taken over. */
  leaseMs: 60_000,
  batchSize: 20,
  /** The answer's first 1 KB goes into the attempt log. */
  logBodyBytes: 1024,
} as const;

/** Each pause is this many times the one before. */
export const RETRY_GROWTH = 3.3;
/** The jitter: each pause is multiplied by a random factor from 1 - JITTER to 1 + JITTER. */
export const RETRY_JITTER = 0.1;

/**
 * The pause after `attempts` failed attempts: base × 3.3^(attempts-1), times a random factor in
 * [0.9, 1.1] (so receivers that failed together are not all retried in the same instant). With the
 * default base of 60 s the seven pauses between eight attempts are about 1 min, 3.3 min, 11 min,
 * 36 min, 2 h, 6.5 h and 21.5 h: at least 27.8 hours in all, even with the smallest jitter.
 */
export function webhookRetryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
  return Math.round(baseMs * RETRY_GROWTH ** Math.max(0, attempts - 1) * factor);
}
