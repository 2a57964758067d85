import { z } from 'zod';
import { STATE_CODES } from '../states.js';

export const branchSchema = z.object({ branchNumber: z.number().int(), name: z.string() });
export type Branch = z.infer<typeof branchSchema>;

export const catalogSchema = z.object({ id: z.string(), label: z.string() });
export type Catalog = z.infer<typeof catalogSchema>;

export const stateCodeSchema = z.enum(STATE_CODES);

/** A branch number as it arrives in a query string or a body. */
export const branchNumberSchema = z.coerce.number().int().positive();

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
