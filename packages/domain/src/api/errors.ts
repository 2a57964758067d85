import { z } from 'zod';

/** The error body of the interface contract: one message per bad field, an optional code. */
export const errorMessageSchema = z.object({ field: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  messages: z.array(errorMessageSchema),
  code: z.number().int().optional(),
});
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes the clients act on (spec 8). */
export const ERROR_CODES = {
  pricesChanged: 8000,
  noPaymentMethods: 8001,
  /** Issue 36: an on-account order beyond the organization's available credit (422). */
  creditExceeded: 8002,
} as const;
