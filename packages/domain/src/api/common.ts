import { z } from 'zod';
import { coercedId } from '../validators.js';
import { STATE_CODES } from '../states.js';

export const branchSchema = z.object({ branchNumber: z.number().int(), name: z.string() });
export type Branch = z.infer<typeof branchSchema>;

export const catalogSchema = z.object({ id: z.string(), label: z.string() });
export type Catalog = z.infer<typeof catalogSchema>;

export const stateCodeSchema = z.enum(STATE_CODES);

/** A branch number as it arrives in a query string or a body. */
export const branchNumberSchema = coercedId();

export const subscriptionValueSchema = z.enum(['', 'owned', 'company']);
export type SubscriptionValue = z.infer<typeof subscriptionValueSchema>;

export const subscriptionsSchema = z.object({
  confirmation: subscriptionValueSchema,
  shipping: subscriptionValueSchema,
  invoice: subscriptionValueSchema,
});
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

/** A plain answer for calls whose answer the spec leaves as text. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A request field that also accepts `null` for "not given" (a client built from the spec may send
 * null for an empty text or an unset option): null becomes `fallback`, anything else goes through
 * `schema` (its own default covers a missing field). The output type stays the schema's.
 * Request bodies only: the transform is not representable in an answer's JSON schema.
 */
export function nullAs<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema.nullable().transform((value): z.output<T> => (value === null ? fallback : (value as z.output<T>)));
}
