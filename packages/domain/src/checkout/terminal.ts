/**
 * The card-reader terminal flow (spec 4 "Terminal flow", spec 3 "Terminal status result",
 * spec 8 terminal messages): statuses, which of them end the polling, and the words shown.
 */
import { z } from 'zod';
import { nullAs } from '../api/common.js';
import { TERMINAL_STATUSES } from './terminal-rules.js';

export const terminalStatusSchema = z.enum(TERMINAL_STATUSES);

/** `POST /api/checkout/terminal/process|status|cancel` (spec 7). */
export const terminalRequestSchema = z.object({
  readerId: z.string().trim().min(1).max(100),
  receiptEmail: nullAs(z.string().trim().max(254).default(''), ''),
  paymentIntentId: z.string().trim().min(1).max(200),
});
export type TerminalRequest = z.input<typeof terminalRequestSchema>;

/**
 * Spec 3 "Terminal status result". `message` is the provider's own text (a decline reason, an
 * error), `errorMessage` the sentence of spec 8 for a final status other than completed ('' else).
 */
export const terminalStatusResultSchema = z.object({
  status: terminalStatusSchema,
  message: z.string(),
  errorMessage: z.string(),
});
export type TerminalStatusResult = z.infer<typeof terminalStatusResultSchema>;

/** The dev control of the simulated readers: `POST /api/dev/terminals/{readerId}/next`. */
export const simulatedReaderNextSchema = z.object({
  status: terminalStatusSchema,
  message: z.string().trim().max(500).optional(),
});
export type SimulatedReaderNext = z.infer<typeof simulatedReaderNextSchema>;
