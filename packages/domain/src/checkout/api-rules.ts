/** The zod-free rules of api.ts (its API schemas stay there); exported through src/rules.ts. */

export const CHECKOUT_REQUEST_MESSAGES = {
  chargesRequired: "The cart's charges are required.",
} as const;

export const CHECKOUT_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
