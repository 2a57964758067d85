import { z } from 'zod';

/** The error body of the interface contract: one message per bad field, an optional code. */
export const errorMessageSchema = z.object({ field: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  messages: z.array(errorMessageSchema),
  code: z.number().int().optional(),
});
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
